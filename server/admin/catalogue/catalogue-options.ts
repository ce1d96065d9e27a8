import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';

/** Choices the catalogue's forms offer: categories in tree order (indented by depth), sellers by name. */
const statements = perDatabase((db: Db) => ({
  categories: db.$client.prepare<[string], { id: number; name: string; depth: number }>('SELECT id, name, depth FROM categories WHERE type = ? ORDER BY path'),
  sellers: db.$client.prepare<[], { id: number; name: string }>('SELECT id, name FROM sellers ORDER BY name, id'),
}));

/** Tree order by path ("/1/4/") is id order within a level; good enough for a select. */
export function categoryOptions(db: Db, type: 'product' | 'blog'): [string, string][] {
  return statements(db)
    .categories.all(type)
    .map((c) => [String(c.id), `${'\u00a0\u00a0'.repeat(c.depth)}${c.name}`]);
}

export function sellerOptions(db: Db): [string, string][] {
  return statements(db)
    .sellers.all()
    .map((s) => [String(s.id), s.name]);
}

import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { categoryName, categorySlug, categoryTextJoins, langParams, SLOVAK, type CatalogueLang } from './catalogue-texts';
import { categoryUrl } from './urls';

export interface MenuNode {
  id: number;
  name: string;
  url: string;
  children: MenuNode[];
}

export interface Menu {
  product: MenuNode[];
  blog: MenuNode[];
}

interface MenuRow {
  id: number;
  parentId: number | null;
  type: 'product' | 'blog';
  name: string;
  slug: string;
  depth: number;
  visibleChildren: number;
}

const statement = perDatabase((db: Db) =>
  db.$client.prepare(
    `SELECT c.id, c.parent_id AS parentId, c.type, ${categoryName()} AS name, ${categorySlug()} AS slug, c.depth,
            c.visible_children AS visibleChildren
       FROM categories c ${categoryTextJoins()}
      WHERE c.visible = 1 AND c.visible_menu = 1
      ORDER BY c.depth, c.position, c.id`,
  ),
);

/** Root entries plus up to two levels of visible children, each level sorted by position; names and addresses in `lang`. */
export function loadMenu(db: Db, lang: CatalogueLang = SLOVAK): Menu {
  const rows = statement(db).all(langParams(lang)) as MenuRow[];

  const nodes = new Map<number, MenuNode & { showChildren: boolean }>();
  const menu: Menu = { product: [], blog: [] };
  for (const row of rows) {
    if (row.depth > 2) continue;
    const node = { id: row.id, name: row.name, url: categoryUrl(row.slug), children: [], showChildren: row.visibleChildren === 1 };
    if (row.parentId === null) {
      nodes.set(row.id, node);
      menu[row.type].push(node);
      continue;
    }
    const parent = nodes.get(row.parentId);
    if (!parent || !parent.showChildren) continue;
    nodes.set(row.id, node);
    parent.children.push(node);
  }
  return menu;
}

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories } from '../db/schema';

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

/** Root entries plus up to two levels of visible children, each level sorted by position. */
export function loadMenu(db: Db): Menu {
  const rows = db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      type: categories.type,
      name: categories.name,
      slug: categories.slug,
      depth: categories.depth,
      visibleChildren: categories.visibleChildren,
    })
    .from(categories)
    .where(and(eq(categories.visible, true), eq(categories.visibleMenu, true)))
    .orderBy(asc(categories.depth), asc(categories.position), asc(categories.id))
    .all();

  const nodes = new Map<number, MenuNode & { showChildren: boolean }>();
  const menu: Menu = { product: [], blog: [] };
  for (const row of rows) {
    if (row.depth > 2) continue;
    const node = { id: row.id, name: row.name, url: `/${row.slug}`, children: [], showChildren: row.visibleChildren };
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

import { readJsonScript } from '../lib/defaults';

/** One entry of the server's `shop-menu` block (up to 3 levels). */
export interface MenuNode {
  id: number;
  name: string;
  url: string;
  children: MenuNode[];
}

export interface ShopMenu {
  product: MenuNode[];
  blog: MenuNode[];
}

function nodes(value: unknown, depth: number): MenuNode[] {
  if (!Array.isArray(value) || depth > 5) return [];
  return value.flatMap((raw): MenuNode[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const { id, name, url, children } = raw as Record<string, unknown>;
    if (typeof name !== 'string' || typeof url !== 'string') return [];
    return [{ id: typeof id === 'number' ? id : 0, name, url, children: nodes(children, depth + 1) }];
  });
}

/** Reads and checks the menu block; a missing or malformed one gives an empty menu. */
export function readMenu(source: string): ShopMenu {
  const raw = readJsonScript(source);
  const menu = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return { product: nodes(menu.product, 0), blog: nodes(menu.blog, 0) };
}

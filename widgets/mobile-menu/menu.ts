/**
 * The drawer's category tree, read from the mega menu the server renders in every page's header
 * (`nav.mega-menu`, decision 186): the same tree, up to 3 levels, so the page does not also carry
 * it as JSON. Each entry is an `<li>` whose first link names it; the `<li>`s nested inside it
 * (through the panel and column lists) are its children.
 */
export interface MenuNode {
  name: string;
  url: string;
  children: MenuNode[];
}

export interface ShopMenu {
  product: MenuNode[];
  blog: MenuNode[];
}

/** The `<li>` entries directly below `entry` (a part's list or an entry), however deep their wrappers sit. */
function entriesBelow(entry: Element): Element[] {
  return [...entry.querySelectorAll('li')].filter((li) => li.parentElement?.closest('li, [data-menu-part]') === entry);
}

function nodes(list: Element, depth: number): MenuNode[] {
  if (depth > 5) return [];
  return entriesBelow(list).flatMap((li): MenuNode[] => {
    const link = [...li.children].find((child) => child.tagName === 'A');
    const url = link?.getAttribute('href');
    if (!link || !url) return [];
    return [{ name: (link.textContent ?? '').trim(), url, children: nodes(li, depth + 1) }];
  });
}

/** Reads the mega menu of `root` (the page); a page without one gives an empty menu, not an error. */
export function readMenu(root: ParentNode = document): ShopMenu {
  const part = (name: 'product' | 'blog') => {
    const list = root.querySelector(`nav.mega-menu [data-menu-part="${name}"]`);
    return list ? nodes(list, 0) : [];
  };
  return { product: part('product'), blog: part('blog') };
}

import { readList, type ListPage } from './page-loader';

/**
 * preact/compat (the runtime we ship) empties an element before its first render, as React's
 * createRoot does at its first commit. The cards are the server's markup and are never re-drawn from
 * data, so each list is read once, before its tag is defined: the registry loads this code only when
 * a list is already on the page, and defining it is what upgrades (and empties) the element.
 */
const snapshots = new WeakMap<Element, Pick<ListPage, 'itemsHtml' | 'pagerHtml'>>();

export function snapshotLists(tag: string): void {
  for (const element of document.querySelectorAll(tag)) if (!snapshots.has(element)) snapshots.set(element, readList(element));
}

/** The list as the server rendered it inside `host`; read now if it was not read at define time. */
export function serverList(host: Element): Pick<ListPage, 'itemsHtml' | 'pagerHtml'> {
  return snapshots.get(host) ?? readList(host);
}

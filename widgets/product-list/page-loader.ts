import { progressEnd, progressStart } from '../lib/progress';

/** What a results page contributes when it is swapped in: the cards, the paginator and its figures. */
export interface ListPage {
  url: string;
  itemsHtml: string;
  pagerHtml: string;
  page: number;
  total: number;
  title: string | null;
}

/** The parts of a rendered <shop-product-list> the widget swaps (the server's own markup). */
export function readList(root: ParentNode): Pick<ListPage, 'itemsHtml' | 'pagerHtml'> {
  return {
    itemsHtml: root.querySelector('.product-list__items')?.innerHTML ?? '',
    pagerHtml: root.querySelector('.paginator')?.outerHTML ?? '',
  };
}

/** Only this site's pages are fetched; anything else is left to the browser as a normal link. */
export function sameOriginUrl(href: string): URL | null {
  try {
    const url = new URL(href, location.href);
    return url.origin === location.origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
  } catch {
    return null;
  }
}

/**
 * GETs a list page as HTML and takes the product list out of it (the one with the same layout key
 * if the page has several). Null when the answer is not a page with that list: the caller then
 * navigates normally and the server's page shows whatever happened.
 */
export async function fetchListPage(url: URL, layoutKey: string, signal: AbortSignal): Promise<ListPage | null> {
  progressStart();
  let ok = false;
  try {
    const response = await fetch(url.href, { headers: { accept: 'text/html' }, credentials: 'same-origin', signal });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return null;
    const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
    const lists = [...doc.querySelectorAll('shop-product-list')];
    const list = lists.find((el) => el.getAttribute('layout-key') === layoutKey) ?? lists[0];
    if (!list) return null;
    ok = true;
    return {
      url: url.pathname + url.search,
      ...readList(list),
      page: Number(list.getAttribute('page')) || 1,
      total: Number(list.getAttribute('total')) || 0,
      title: doc.querySelector('title')?.textContent ?? null,
    };
  } finally {
    progressEnd(ok || signal.aborted);
  }
}

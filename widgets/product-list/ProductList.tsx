import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { useMediaQuery } from '../ui/useMediaQuery';
import { chooseLayout, PHONE_QUERY, storedLayout, storeLayout, type Layout } from './layout';
import { fetchListPage, sameOriginUrl } from './page-loader';
import { serverList } from './server-markup';
import { rememberProduct, RETURN_SCROLL_DELAY_MS, takeReturnProduct } from './return-scroll';
import { LayoutIcon, Skeletons } from './Skeletons';

export interface ProductListProps {
  /** Where the grid/list choice is remembered: "category:12", "variants:55", "search". */
  layoutKey?: string;
  page?: number;
  total?: number;
  pageSize?: number;
  variantView?: string;
  variantViewSetting?: string;
}

/** Attribute types for defineWidget (product-list.element.ts). */
export const PRODUCT_LIST_PROPS = {
  layoutKey: 'string',
  page: 'number',
  total: 'number',
  pageSize: 'number',
  variantView: 'string',
  variantViewSetting: 'string',
} as const;

export const LIST_LOADED = 'shop:product-list-loaded';

interface View {
  itemsHtml: string;
  pagerHtml: string;
  page: number;
  url: string;
}

const here = () => location.pathname + location.search;

/**
 * Enhances the server's product list: a grid/list switch, paging in place (the next page's HTML is
 * fetched and its list swapped in behind skeletons, the address pushed to history, Back restores),
 * and the scroll back to the product the shopper opened. The cards stay the server's markup.
 */
export function ProductList({ layoutKey = 'default', page = 1, pageSize = 12, variantView, variantViewSetting, host }: WidgetProps<ProductListProps>) {
  const { i18n } = useLingui();
  const phone = useMediaQuery(PHONE_QUERY);
  const [chosen, setChosen] = useState<Layout | null>(() => storedLayout(layoutKey));
  const layout = chooseLayout(chosen, variantView, variantViewSetting, phone);
  // preact/compat empties the element before the first render, so the markup was read at define time.
  const [view, setView] = useState<View>(() => ({ ...serverList(host), page, url: here() }));
  const [skeletons, setSkeletons] = useState(0);
  const items = useRef<HTMLDivElement>(null);
  const pending = useRef<AbortController | null>(null);
  const current = useRef(view);
  current.current = view;
  const refocus = useRef(false);
  // An element may mount before it is in the document (parsers that create it eagerly); history,
  // storage and scrolling belong to the one on the page, so those effects wait until it is connected.
  const connected = host.isConnected && host.ownerDocument === document;

  const load = async (url: URL, push: boolean) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    refocus.current = host.contains(document.activeElement);
    setSkeletons(Math.max(1, Math.min(items.current?.children.length || pageSize, pageSize)));
    const next = await fetchListPage(url, layoutKey, controller.signal).catch(() => null);
    if (controller.signal.aborted) return;
    pending.current = null;
    if (!next) {
      // Not a list page (an error, a redirect elsewhere): let the browser show what the server says.
      location.assign(url.href);
      return;
    }
    setView({ itemsHtml: next.itemsHtml, pagerHtml: next.pagerHtml, page: next.page, url: next.url });
    setSkeletons(0);
    if (next.title) document.title = next.title;
    if (push) history.pushState({ productList: layoutKey }, '', next.url);
    host.dispatchEvent(new CustomEvent(LIST_LOADED, { bubbles: true, detail: { page: next.page, total: next.total, url: next.url } }));
  };

  // Mark this history entry as ours, so Back to it reloads the page of the list it showed.
  useLayoutEffect(() => {
    if (!connected) return;
    const state: unknown = history.state;
    history.replaceState({ ...(state && typeof state === 'object' ? state : {}), productList: layoutKey }, '');
    const onPop = (event: PopStateEvent) => {
      const state = event.state as { productList?: string } | null;
      if (state?.productList !== layoutKey || here() === current.current.url) return;
      const url = sameOriginUrl(location.href);
      if (url) void load(url, false);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      pending.current?.abort();
    };
    // load reads refs only, so the listener is bound once per list.
  }, [layoutKey, connected]);

  useLayoutEffect(() => {
    if (!connected) return;
    const id = takeReturnProduct();
    if (!id || !/^\d+$/.test(id)) return;
    const timer = setTimeout(() => host.querySelector(`[data-product-id="${id}"]`)?.scrollIntoView({ block: 'center' }), RETURN_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [host, connected]);

  useLayoutEffect(() => {
    if (skeletons > 0 || !refocus.current) return;
    refocus.current = false;
    items.current?.focus({ preventScroll: true });
    if (host.getBoundingClientRect().top < 0) host.scrollIntoView?.({ block: 'start' });
  }, [view, skeletons, host]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element;
    const pageLink = target.closest?.('.paginator a[href]');
    if (pageLink) {
      const url = sameOriginUrl(pageLink.getAttribute('href')!);
      if (!url) return;
      event.preventDefault();
      void load(url, true);
      return;
    }
    const card = target.closest?.('[data-product-id]');
    if (card && target.closest('a[href]')) rememberProduct(card.getAttribute('data-product-id')!);
  };

  const choose = (next: Layout) => {
    setChosen(next);
    storeLayout(layoutKey, next);
  };

  return (
    <div className={`product-list product-list--${layout}`} onClick={onClick}>
      <div className="product-list__toolbar">
        <div className="layout-switch" role="group" aria-label={i18n._('Zobrazenie zoznamu')}>
          {(['grid', 'list'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={`layout-switch__button layout-switch__button--${option}`}
              aria-pressed={layout === option ? 'true' : 'false'}
              title={option === 'grid' ? i18n._('Mriežka') : i18n._('Zoznam')}
              onClick={() => choose(option)}
            >
              <LayoutIcon layout={option} />
              <span className="visually-hidden">{option === 'grid' ? i18n._('Mriežka') : i18n._('Zoznam')}</span>
            </button>
          ))}
        </div>
      </div>
      {skeletons > 0 ? (
        <Skeletons key="skeletons" count={skeletons} />
      ) : (
        <div key="items" ref={items} className="product-list__items" tabIndex={-1} dangerouslySetInnerHTML={{ __html: view.itemsHtml }} />
      )}
      <div className="product-list__pager" dangerouslySetInnerHTML={{ __html: view.pagerHtml }} />
    </div>
  );
}

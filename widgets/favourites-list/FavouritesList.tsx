import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../lib/define';
import { $favourites, toggleFavourite } from '../stores/favourites';

interface Product {
  id: number;
  name: string;
  url: string;
  image: string | null;
  price_formatted: string;
}

interface Blog {
  id: number;
  title: string;
  url: string;
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; products: Product[]; blogs: Blog[] };

/**
 * /oblubene for anonymous visitors: the ids live in local storage, the public data comes from
 * POST /api/favorite/products (and /blogs) for exactly those ids.
 */
export function FavouritesList(_props: WidgetProps<object>) {
  const { i18n } = useLingui();
  const favourites = useStore($favourites);
  const [state, setState] = useState<State>({ status: 'loading' });
  const key = `${favourites.products.join(',')}|${favourites.blogs.join(',')}`;

  useEffect(() => {
    let live = true;
    const { products, blogs } = $favourites.get();
    if (products.length === 0 && blogs.length === 0) {
      setState({ status: 'ready', products: [], blogs: [] });
      return;
    }
    void (async () => {
      try {
        const { api } = await import('../lib/api');
        const [p, b] = await Promise.all([
          products.length ? api.post('favorite/products', { json: { product_ids: products } }).json<Product[]>() : Promise.resolve([]),
          blogs.length ? api.post('favorite/blogs', { json: { blog_ids: blogs } }).json<Blog[]>() : Promise.resolve([]),
        ]);
        if (live) setState({ status: 'ready', products: p, blogs: b });
      } catch {
        if (live) setState({ status: 'failed' });
      }
    })();
    return () => {
      live = false;
    };
  }, [key]);

  if (state.status === 'loading') return <p className="empty-state">{i18n._('Obľúbené položky sa načítavajú…')}</p>;
  if (state.status === 'failed') return <p className="message message--error">{i18n._('Obľúbené sa nepodarilo načítať. Skúste to znova.')}</p>;
  if (state.products.length === 0 && state.blogs.length === 0) {
    return <p className="empty-state">{i18n._('Zatiaľ nemáte žiadne obľúbené položky.')}</p>;
  }
  return (
    <div className="favourites-list">
      {state.products.length > 0 && (
        <ul className="favourites-list__items">
          {state.products.map((p) => (
            <li key={p.id} className="favourites-list__item">
              <a href={p.url}>
                {p.image && <img src={p.image} alt="" width={80} height={80} loading="lazy" />}
                <span className="favourites-list__name">{p.name}</span>
              </a>
              <span className="favourites-list__price">{p.price_formatted}</span>
              <button type="button" className="button button--small" onClick={() => toggleFavourite('product', p.id)}>
                {i18n._('Odobrať')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state.blogs.length > 0 && (
        <>
          <h2>{i18n._('Návody')}</h2>
          <ul className="favourites-list__items">
            {state.blogs.map((b) => (
              <li key={b.id} className="favourites-list__item">
                <a href={b.url}>{b.title}</a>
                <button type="button" className="button button--small" onClick={() => toggleFavourite('blog', b.id)}>
                  {i18n._('Odobrať')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

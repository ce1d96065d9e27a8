import { Hono, type Context } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import { requireUser } from '../accounts/roles';
import { readBody } from '../http/body';
import { catalogueLang } from '../catalog/catalogue-texts';
import type { AppEnv } from '../http/env';
import { NotFoundError, ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { formatMoney } from '../render/format';
import { categoryName, parseIds } from './favourites.schemas';
import * as favourites from './favourites.service';

const idParam = (c: Context<AppEnv>) => {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
  return id;
};
const user = (c: Context<AppEnv>) => c.get('session').userId!;

function productJson(p: favourites.FavouriteProduct, money: (minor: number) => string) {
  return {
    id: p.id,
    name: p.name,
    url: p.url,
    image: p.image,
    price: p.price,
    price_old: p.priceOld,
    price_formatted: money(p.price),
    price_lowest: p.priceLowest,
    price_lowest_formatted: p.priceLowest === null ? null : money(p.priceLowest),
    availability_days: p.availabilityDays,
    category_name: p.categoryName,
  };
}

/** Spec 7, favourites: paths exactly as named. Signed-in users only, except the two public look-ups. */
export function favouritesApi() {
  const app = new Hono<AppEnv>();

  app.post('/api/favorite/product/:id', requireUser, async (c) => {
    const id = idParam(c);
    const fields = await readBody(c);
    const parsed = categoryName.safeParse(fields.category_name);
    if (!parsed.success) throw new ValidationError({ category_name: msg('Názov je príliš dlhý') });
    if (!favourites.addProduct(c.get('deps').db, user(c), id, parsed.data, c.get('deps').clock.now())) throw new NotFoundError(msg('Produkt neexistuje'));
    return c.json({ product_id: id, category_name: parsed.data }, 201);
  });

  app.put('/api/favorite/product', requireUser, async (c) => {
    const ids = parseIds((await readBody(c)).product_ids);
    return c.json({ product_ids: favourites.addProducts(c.get('deps').db, user(c), ids, c.get('deps').clock.now()) });
  });

  app.delete('/api/favorite/product/:id', requireUser, (c) => {
    favourites.removeProduct(c.get('deps').db, user(c), idParam(c));
    return c.body(null, 204);
  });

  app.get('/api/favorite/product/:id', requireUser, (c) => {
    const id = idParam(c);
    const state = favourites.productFavourite(c.get('deps').db, user(c), id);
    return c.json({ product_id: id, favorite: state.favorite, category_name: state.categoryName });
  });

  /**
   * Public: product data for the ids an anonymous visitor keeps locally (public fields only). A
   * signed-in caller without ids gets their own favourites, with category names.
   */
  app.post('/api/favorite/products', async (c) => {
    const fields = await readBody(c);
    const signedIn = c.get('session').userId;
    const ids = fields.product_ids === undefined ? null : parseIds(fields.product_ids);
    const { db } = c.get('deps');
    const list =
      ids === null && signedIn !== null
        ? favourites.productCards(db, c.get('shop').id, isWholesale(c), null, signedIn, catalogueLang(c))
        : favourites.productCards(db, c.get('shop').id, isWholesale(c), ids ?? [], null, catalogueLang(c));
    const money = (minor: number) => formatMoney(minor, c.get('shop').currency, c.get('locale'));
    return c.json(list.map((p) => productJson(p, money)));
  });

  /** Ours, beside the spec's: guide data for the blog ids kept locally (the anonymous /oblubene page). */
  app.post('/api/favorite/blogs', async (c) => {
    const fields = await readBody(c);
    const signedIn = c.get('session').userId;
    const ids = fields.blog_ids === undefined ? null : parseIds(fields.blog_ids);
    return c.json(ids === null && signedIn !== null ? favourites.blogCards(c.get('deps').db, null, signedIn, catalogueLang(c)) : favourites.blogCards(c.get('deps').db, ids ?? [], null, catalogueLang(c)));
  });

  app.put('/api/favorite/blog/:id', requireUser, (c) => {
    const id = idParam(c);
    if (!favourites.addBlog(c.get('deps').db, user(c), id, c.get('deps').clock.now())) throw new NotFoundError(msg('Návod neexistuje'));
    return c.json({ blog_id: id, favorite: true }, 201);
  });

  app.delete('/api/favorite/blog/:id', requireUser, (c) => {
    favourites.removeBlog(c.get('deps').db, user(c), idParam(c));
    return c.body(null, 204);
  });

  app.get('/api/favorite/blog/:id', requireUser, (c) => {
    const id = idParam(c);
    return c.json({ blog_id: id, favorite: favourites.isBlogFavourite(c.get('deps').db, user(c), id) });
  });

  app.post('/api/favorite/remove-product-category', requireUser, async (c) => {
    const parsed = categoryName.safeParse((await readBody(c)).category_name);
    if (!parsed.success || parsed.data === null) throw new ValidationError({ category_name: msg('Toto pole je povinné') });
    const updated = favourites.removeCategory(c.get('deps').db, user(c), parsed.data);
    return c.json({ category_name: parsed.data, updated });
  });

  app.get('/api/favorite/product-category', requireUser, (c) => c.json(favourites.categoryNames(c.get('deps').db, user(c))));

  return app;
}

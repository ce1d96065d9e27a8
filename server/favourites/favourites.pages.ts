import { Hono } from 'hono';
import { isWholesale } from '../accounts/wholesale';
import { catalogueLang } from '../catalog/catalogue-texts';
import { readBody } from '../http/body';
import { requireUser, signInRedirect } from '../accounts/roles';
import type { AppEnv } from '../http/env';
import { localPath } from '../http/redirect';
import { returnPath } from '../http/return-path';
import type { Render } from '../render/renderer';
import { parseIds } from './favourites.schemas';
import * as favourites from './favourites.service';

/** /oblubene (anonymous, filled by a widget from local storage), /moje/oblubene (from the database), the no-JS toggle. */
export function favouritesPages(render: Render) {
  const app = new Hono<AppEnv>();

  app.get('/oblubene', (c) => {
    if (c.get('session').userId !== null) return c.redirect('/moje/oblubene', 303);
    return render(c, 'pages/favourites/anonymous', {}, { title: c.get('i18n')._('Obľúbené') });
  });

  app.get('/moje/oblubene', requireUser, (c) => {
    const wholesale = isWholesale(c);
    const view = favourites.favouritesView(c.get('deps').db, c.get('shop').id, wholesale, c.get('session').userId!, catalogueLang(c));
    return render(c, 'pages/favourites/mine', view, { title: c.get('i18n')._('Obľúbené'), noStore: true });
  });

  /**
   * The favourite button's no-JS form is a GET (so cached product cards hold nothing per session):
   * it asks once with a POST carrying the session's token; an anonymous visitor signs in first.
   */
  app.get('/oblubene/pridat', (c) => {
    const query = c.req.query();
    const [productId] = parseIds(query.product_id);
    const [blogId] = parseIds(query.blog_id);
    // Cards carry no return address (decision 199): the list they were on is the Referer.
    const back = returnPath(c, query.r, [c.req.path]) ?? '/moje/oblubene';
    if (!productId && !blogId) return c.redirect(back, 303);
    // Back here after signing in, and from here to the page the heart was pressed on.
    if (c.get('session').userId === null) return signInRedirect(c, `${c.req.path}?${new URLSearchParams({ ...query, r: back }).toString()}`);
    const db = c.get('deps').db;
    const name = productId
      ? favourites.productCards(db, c.get('shop').id, false, [productId])[0]?.name
      : favourites.blogCards(db, [blogId], null, catalogueLang(c))[0]?.title;
    if (!name) return c.redirect(back, 303);
    return render(c, 'pages/favourites/confirm', { productId, blogId, name, back }, { title: c.get('i18n')._('Pridať do obľúbených'), noStore: true });
  });

  /**
   * Fallback of the favourite button without JavaScript: a signed-in visitor toggles on the server;
   * an anonymous one is sent to sign in (local favourites need the script) and back.
   */
  app.post('/oblubene/pridat', async (c) => {
    const fields = await readBody(c);
    const back = localPath(fields.r, '/moje/oblubene');
    const userId = c.get('session').userId;
    if (userId === null) return signInRedirect(c, back);
    const { db, clock } = c.get('deps');
    const remove = fields.action === 'remove';
    const [productId] = parseIds(fields.product_id);
    const [blogId] = parseIds(fields.blog_id);
    if (productId) {
      if (remove) favourites.removeProduct(db, userId, productId);
      else favourites.addProduct(db, userId, productId, null, clock.now());
    } else if (blogId) {
      if (remove) favourites.removeBlog(db, userId, blogId);
      else favourites.addBlog(db, userId, blogId, clock.now());
    }
    return c.redirect(back, 303);
  });

  return app;
}

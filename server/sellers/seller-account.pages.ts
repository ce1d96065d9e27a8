import { Hono, type Context } from 'hono';
import type { Db } from '../db/client';
import { requireRole } from '../accounts/roles';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import { formatMoney } from '../render/format';
import type { Render } from '../render/renderer';
import { productView, SELLER_API } from './seller-account.api';
import { productIdOf, saveProductFrom, saveProfileFrom, sellerOf } from './seller-account.http';
import { sellerProducts, sellerImageBytes } from './seller-account.service';
import { sellerSalesPages } from './seller-sales.pages';
import { MAX_PRODUCT_IMAGE_BYTES, MAX_SELLER_IMAGE_BYTES, MAX_SELLER_PRODUCTS, statusOf } from './seller-account.schemas';

type FormState = { values: Record<string, string>; errors: Record<string, string>; detail: string } | null;

const keptValues = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([k, v]) => k !== '_csrf' && typeof v === 'string').map(([k, v]) => [k, String(v).slice(0, 5000)]));

/**
 * /moje/udaje-obchodu and /moje/produkty (issue 21): complete pages with plain forms that work
 * without JavaScript; <shop-seller-profile> and <shop-seller-products> enhance them (toasts, preview,
 * dialogs). A refused form is drawn again with its values and the messages by each field.
 */
export function sellerAccountPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.use('/moje/udaje-obchodu', requireRole('ROLE_SELLER'));
  app.use('/moje/produkty', requireRole('ROLE_SELLER'));
  app.use('/moje/produkty/*', requireRole('ROLE_SELLER'));
  // Predaje (/moje/predaje and its CSV) has its own module with its role checks.
  app.route('/', sellerSalesPages(render));

  const tr = (c: Context<AppEnv>, errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, c.get('i18n')._(v)]));

  const profilePage = (c: Context<AppEnv>, form: FormState = null, status: 200 | 400 | 409 = 200) => {
    const seller = sellerOf(c);
    const i18n = c.get('i18n');
    return render(
      c,
      'pages/sellers/account-profile',
      {
        seller,
        values: form?.values ?? { name: seller.name, description: seller.description },
        errors: form ? tr(c, form.errors) : {},
        detail: form ? i18n._(form.detail) : null,
        saved: !form && c.req.query('ulozene') === '1',
        api: SELLER_API.profile,
        maxBytes: MAX_SELLER_IMAGE_BYTES,
      },
      { title: i18n._('Údaje obchodu'), noStore: true, status },
    );
  };

  const refused = async (c: Context<AppEnv>, error: unknown, again: (form: FormState, status: 400 | 409) => Response | Promise<Response>) => {
    if (!(error instanceof ProblemError) || (error.status !== 400 && error.status !== 409)) throw error;
    const fields = await readBody(c);
    return again({ values: keptValues(fields), errors: error.errors ?? {}, detail: error.detail }, error.status as 400 | 409);
  };

  app.get('/moje/udaje-obchodu', (c) => profilePage(c));
  app.post('/moje/udaje-obchodu', async (c) => {
    try {
      await saveProfileFrom(c);
    } catch (error) {
      return refused(c, error, (form, status) => profilePage(c, form, status));
    }
    return c.redirect('/moje/udaje-obchodu?ulozene=1', 303);
  });

  const productsPage = (c: Context<AppEnv>, form: (FormState & { id: number | null }) | null = null, status: 200 | 400 | 409 = 200) => {
    const i18n = c.get('i18n');
    const products = sellerProducts(c.get('deps').db, sellerOf(c).id).map((p) => ({
      ...productView(p),
      status: statusOf(p.visible),
      priceText: p.price === null ? '' : formatMoney(p.price, 'EUR', 'sk'),
      priceInput: p.price === null ? '' : (p.price / 100).toFixed(2).replace('.', ','),
    }));
    const saved = c.req.query('ulozene');
    return render(
      c,
      'pages/sellers/account-products',
      {
        products,
        canAdd: products.length < MAX_SELLER_PRODUCTS,
        limit: MAX_SELLER_PRODUCTS,
        form: form ? { id: form.id, values: form.values, errors: tr(c, form.errors), detail: i18n._(form.detail) } : null,
        saved: !form && saved === 'novy' ? i18n._('Produkt bol úspešne vytvorený') : !form && saved === '1' ? i18n._('Produkt bol úspešne aktualizovaný') : null,
        api: SELLER_API.products,
        maxBytes: MAX_PRODUCT_IMAGE_BYTES,
      },
      { title: i18n._('Produkty'), noStore: true, status },
    );
  };

  app.get('/moje/produkty', (c) => productsPage(c));
  app.post('/moje/produkty', async (c) => {
    try {
      await saveProductFrom(c, null);
    } catch (error) {
      return refused(c, error, (form, status) => productsPage(c, form && { ...form, id: null }, status));
    }
    return c.redirect('/moje/produkty?ulozene=novy', 303);
  });
  app.post('/moje/produkty/:id', async (c) => {
    const id = productIdOf(c);
    try {
      await saveProductFrom(c, id);
    } catch (error) {
      return refused(c, error, (form, status) => productsPage(c, form && { ...form, id }, status));
    }
    return c.redirect('/moje/produkty?ulozene=1', 303);
  });
  return app;
}

/** The seller's own picture at the spec's address; the drawn demo picture answers for sellers without one. */
export function sellerImageFiles(db: Db, uploadsDir: string) {
  const app = new Hono();
  app.get('/data/seller/image/:file{[0-9]{1,9}\\.png}', async (c, next) => {
    const bytes = await sellerImageBytes(db, uploadsDir, Number(c.req.param('file').slice(0, -4)));
    if (!bytes) return next();
    // One address per seller whose picture may change until approval: a short cache, revalidated.
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff' });
  });
  return app;
}

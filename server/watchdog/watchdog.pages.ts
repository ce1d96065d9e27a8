import { Hono, type Context } from 'hono';
import { productUrl } from '../catalog/urls';
import type { AppEnv } from '../http/env';
import { NotFoundError, ProblemError } from '../http/problem';
import { rateLimit, type RateLimiter } from '../http/rate-limit';
import { msg } from '../i18n/msg';
import type { Render } from '../render/renderer';
import { saveFromForm, watchedProduct } from './watchdog.api';
import { readBody } from '../http/body';
import { UNSUBSCRIBE_PATH } from './watchdog.mail';
import { findByToken, unsubscribe, type WatchProduct } from './watchdog.service';

export const WATCH_PAGE_PATH = '/sledovanie-ceny';
export const watchPagePath = (productId: number) => `${WATCH_PAGE_PATH}/${productId}`;

const EMPTY = { available: false, available_value: '', price: false, price_value: '', email: '' };
type FormValues = typeof EMPTY;

function formValues(form: Record<string, unknown>): FormValues {
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 300) : '');
  const on = (v: unknown) => typeof v === 'string' && ['1', 'true', 'on'].includes(v);
  return {
    available: on(form.available),
    available_value: text(form.available_value),
    price: on(form.price),
    price_value: text(form.price_value),
    email: text(form.email),
  };
}

/** The no-JS twin of the watch dialog (same fields, same rules), and the unsubscribe link's page. */
export function watchdogPages(render: Render, limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  const page = (c: Context<AppEnv>, product: WatchProduct, view: { values: FormValues; errors: Record<string, string>; done: boolean }, status: 200 | 400 = 200) =>
    render(
      c,
      'pages/watchdog/form',
      { ...view, product: { ...product, url: productUrl(product.slug) }, action: watchPagePath(product.id) },
      { title: c.get('i18n')._('Sledovať cenu a dostupnosť'), status, noStore: true, canonicalPath: watchPagePath(product.id) },
    );

  app.get(`${WATCH_PAGE_PATH}/:productId{[0-9]{1,12}}`, (c) => {
    const product = watchedProduct(c, c.req.param('productId'));
    return page(c, product, { values: EMPTY, errors: {}, done: false });
  });

  app.post(`${WATCH_PAGE_PATH}/:productId{[0-9]{1,12}}`, rateLimit(limiter), async (c) => {
    const product = watchedProduct(c, c.req.param('productId'));
    const form = await readBody(c);
    const values = formValues(form);
    try {
      saveFromForm(c, product, { ...form, product: product.id });
    } catch (error) {
      if (!(error instanceof ProblemError) || error.status !== 400 || !error.errors) throw error;
      const errors = Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, c.get('i18n')._(v)]));
      return page(c, product, { values, errors, done: false }, 400);
    }
    return page(c, product, { values, errors: {}, done: true });
  });

  // A GET never changes anything: mail scanners and link previews follow links.
  app.get(`${UNSUBSCRIBE_PATH}/:token`, (c) => {
    const token = c.req.param('token');
    const watch = findByToken(c.get('deps').db, token);
    if (!watch) throw new NotFoundError(msg('Tento odkaz neplatí.'));
    c.header('X-Robots-Tag', 'noindex');
    return render(
      c,
      'pages/watchdog/unsubscribe',
      { watch, done: watch.unsubscribedAt !== null, action: `${UNSUBSCRIBE_PATH}/${token}` },
      { title: c.get('i18n')._('Zrušiť sledovanie'), noStore: true, canonicalPath: UNSUBSCRIBE_PATH },
    );
  });

  app.post(`${UNSUBSCRIBE_PATH}/:token`, (c) => {
    const token = c.req.param('token');
    if (!unsubscribe(c.get('deps').db, c.get('deps').clock, token)) throw new NotFoundError(msg('Tento odkaz neplatí.'));
    return c.redirect(`${UNSUBSCRIBE_PATH}/${token}`, 303);
  });

  return app;
}

import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import { formAttempt, type RateLimiter } from '../http/rate-limit';
import type { Render } from '../render/renderer';
import { ROUTES } from '../render/routes';
import { readBody } from '../http/body';
import { orderByDocument } from './order-view';
import { TRACK_NOT_FOUND, trackErrors, trackSchema } from './orders.schemas';

interface FinderState {
  status?: 200 | 400 | 404 | 429;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string | null;
}

const FIELDS = ['documentNumber', 'phone'] as const;

/**
 * The parcel tracker finder (spec "Parcel tracker finder"), a plain form that works without
 * JavaScript: document number and phone, then a 303 to the order's tracking page. Look-ups count
 * against `limiter`, the one POST /api/purchase/track uses (app.ts shares it), so the page and the
 * API together allow TRACK_LIMIT.max per window and client.
 */
export function trackerPages(render: Render, limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  const page = (c: Context<AppEnv>, state: FinderState = {}) => {
    return render(
      c,
      'pages/orders/tracker',
      { values: state.values ?? {}, errors: state.errors ?? {}, formError: state.formError ?? null },
      { title: c.get('i18n')._('Sledovanie zásielky'), noStore: true, status: state.status ?? 200 },
    );
  };

  app.get(ROUTES.tracking, (c) => page(c));

  app.post(ROUTES.tracking, async (c) => {
    const body = await readBody(c);
    const values: Record<string, string> = {};
    for (const field of FIELDS) if (typeof body[field] === 'string') values[field] = (body[field] as string).slice(0, 100);
    const i18n = c.get('i18n');
    // Counted before validation, as the API's middleware counts every call.
    const limited = formAttempt(c, limiter);
    if (limited) return page(c, { status: 429, values, formError: limited });
    const parsed = trackSchema.safeParse(values);
    if (!parsed.success) {
      const errors = Object.fromEntries(Object.entries(trackErrors(parsed.error)).map(([k, v]) => [k, i18n._(v)]));
      return page(c, { status: 400, values, errors });
    }
    const order = orderByDocument(c.get('deps').db, c.get('shop'), parsed.data.documentNumber, parsed.data.phone);
    if (!order) return page(c, { status: 404, values, formError: i18n._(TRACK_NOT_FOUND) });
    return c.redirect(`${ROUTES.tracking}/${order.hash}`, 303);
  });

  return app;
}

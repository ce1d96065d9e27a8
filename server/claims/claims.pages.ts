import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../http/env';
import { NotFoundError, ProblemError } from '../http/problem';
import type { RateLimiter } from '../http/rate-limit';
import { formatDateTime } from '../orders/order-dates';
import { orderByHash, type OrderView } from '../orders/order-view';
import type { Render } from '../render/renderer';
import { claimTypeById, claimTypesFor, translatedType } from './claim-types.service';
import { readClaimForm, type ClaimForm } from './claim-form';
import { newFormToken, submitClaim } from './claims.http';
import { MAX_NOTE, MAX_PHOTOS } from './claims.schemas';
import { claimOfSession } from './claims.service';
import { CLAIM_PATH, receiptPath } from './paths';

const FIELDS = ['purchase', 'documentNumber', 'email', 'note', 'type'] as const;

interface FormState {
  status?: ContentfulStatusCode;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string | null;
  photosLost?: boolean;
  token?: string;
}

/** What the page shows of an order known by its hash: its number, date and the documents a claim may name. */
function orderBox(order: OrderView) {
  return {
    hash: order.hash,
    number: order.document_number,
    created: formatDateTime(order.purchase_created_at, false),
    documents: [order.document_number, ...order.invoices.map((i) => i.number)],
    items: order.items.map((i) => `${i.quantity} × ${i.name}`),
  };
}

/**
 * The claim form (spec 2 "Claim form", fields of spec 3), a plain multipart form that works without
 * JavaScript: at /reklamacia/{hash} for an order known from its tracking page or /moje/objednavky,
 * at /reklamacia for a guest with the order number and e-mail. Each shop answers at its own word
 * (reklamácia / reklamace) and sends the other's address there. After a claim, a 303 to its receipt.
 */
export function claimsPages(render: Render, limiter: RateLimiter) {
  const app = new Hono<AppEnv>();

  const page = (c: Context<AppEnv>, order: OrderView | undefined, state: FormState = {}) => {
    const i18n = c.get('i18n');
    const values = state.values ?? {};
    return render(
      c,
      'pages/claims/claim',
      {
        action: c.get('shop').claimPath,
        order: order ? orderBox(order) : null,
        types: claimTypesFor(c.get('deps').db, i18n),
        values: { ...values, documentNumber: values.documentNumber || (order?.document_number ?? '') },
        errors: state.errors ?? {},
        formError: state.formError ?? null,
        photosLost: state.photosLost ?? false,
        token: state.token ?? newFormToken(),
        maxPhotos: MAX_PHOTOS,
        maxNote: MAX_NOTE,
        signedIn: c.get('session').userId !== null,
      },
      { title: i18n._('Reklamácia'), noStore: true, status: state.status ?? 200, canonicalPath: c.get('shop').claimPath },
    );
  };

  /** The other shop's word for the page answers with a redirect to this shop's own. */
  const ownPath = (c: Context<AppEnv>, base: string) => (base === c.get('shop').claimPath ? null : c.get('shop').claimPath + c.req.path.slice(base.length));

  /** A refused claim: the form again with what was typed, the server's detail and a message per field. */
  const refused = (c: Context<AppEnv>, form: ClaimForm, error: ProblemError) => {
    const i18n = c.get('i18n');
    const values = Object.fromEntries(FIELDS.map((f) => [f, (form.fields[f] ?? '').slice(0, f === 'note' ? MAX_NOTE : 254)]));
    const order = values.purchase ? orderByHash(c.get('deps').db, c.get('shop'), values.purchase) : undefined;
    const errors = Object.fromEntries(Object.entries(error.errors ?? {}).map(([field, text]) => [field, i18n._(text, error.values)]));
    const token = /^[A-Za-z0-9_-]{8,100}$/.test(form.fields._submit ?? '') ? form.fields._submit : undefined;
    return page(c, order, {
      status: error.status as ContentfulStatusCode,
      values: order ? values : { ...values, purchase: '' },
      errors,
      formError: i18n._(error.detail, error.values),
      // A browser cannot refill a file input: the shopper must choose the photos again.
      photosLost: form.photos.length > 0,
      token,
    });
  };

  for (const base of Object.values(CLAIM_PATH)) {
    app.get(base, (c) => {
      const own = ownPath(c, base);
      return own ? c.redirect(own, 301) : page(c, undefined);
    });

    app.get(`${base}/:hash{[A-Za-z0-9_-]{22}}`, (c) => {
      const own = ownPath(c, base);
      if (own) return c.redirect(own, 301);
      const order = orderByHash(c.get('deps').db, c.get('shop'), c.req.param('hash'));
      if (!order) throw new NotFoundError();
      return page(c, order, { values: { purchase: order.hash } });
    });

    app.post(base, async (c) => {
      let form: ClaimForm = { fields: {}, photos: [] };
      try {
        form = await readClaimForm(c);
        const answer = await submitClaim(c, limiter, form);
        return c.redirect(receiptPath(c.get('shop').code, answer.claim.number), 303);
      } catch (error) {
        if (!(error instanceof ProblemError) || error.status >= 500) throw error;
        return refused(c, form, error);
      }
    });

    app.get(`${base}/prijata/:number{R[0-9A-Z]{9}}`, (c) => {
      const own = ownPath(c, base);
      if (own) return c.redirect(own, 301);
      const { db } = c.get('deps');
      const claim = claimOfSession(db, c.get('shop').id, c.req.param('number'), c.get('session').hash);
      if (!claim) throw new NotFoundError();
      const order = orderByHash(db, c.get('shop'), claim.orderHash)!;
      const type = translatedType(claimTypeById(db, claim.typeId)!, c.get('i18n'));
      return render(
        c,
        'pages/claims/receipt',
        { claim: { ...claim, created: formatDateTime(new Date(claim.createdAt).toISOString()) }, type, email: order.email, orderNumber: order.document_number, trackingHash: order.hash },
        { title: c.get('i18n')._('Reklamácia prijatá'), noStore: true },
      );
    });
  }

  return app;
}

import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { I18n } from '@lingui/core';
import type { ShopContext } from '../../http/env';
import { NotFoundError } from '../../http/problem';
import { isLocale, type Locale } from '../../i18n/locales';
import { msg } from '../../i18n/msg';
import { orderSummary, printedTotals } from '../../orders/order-summary';
import { partyLines } from '../../orders/document-parties';
import { creditNotePdfOf, invoicePdfOf, orderPdfOf, type DocumentContext } from '../../orders/order-documents';
import { pdfAnswer } from '../../orders/tracking.pages';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { isOrderAction, ORDER_ACTIONS, runOrderAction, sentSchema } from './order-actions';
import { orderDetail, type OrderDetail } from './order-detail.service';
import { STAGE_LABEL } from './order-stage';
import { ORDERS_PATH } from './orders.admin';

const NUMBER = ':number{[0-9]{10}}';
const NOTICES = Object.fromEntries(Object.entries(ORDER_ACTIONS).map(([key, a]) => [key, a.done]));

/**
 * One order: every line, the payment log, claims, documents and the actions its stage allows, each a
 * plain POST form that answers with a redirect back (the result named in ?ok=) or, refused, the page
 * again with the reason (409) or the field's message (400). Documents print in the order's language,
 * as the shopper received them.
 */
export function orderAdmin(render: AdminRender, shops: () => ShopContext[], translators: Record<Locale, I18n>) {
  const app = new Hono<AdminEnv>();

  const find = (c: Context<AdminEnv>): OrderDetail => {
    const detail = orderDetail(c.get('deps').db, shops(), c.req.param('number') ?? '');
    if (!detail) throw new NotFoundError(msg('Takú objednávku nepoznáme.'));
    return detail;
  };

  const page = (c: Context<AdminEnv>, detail: OrderDetail, state: { formError?: string; errors?: Record<string, string>; tracking?: string; status?: ContentfulStatusCode } = {}) =>
    render(
      c,
      'order',
      {
        order: detail.view,
        detail,
        stageLabel: STAGE_LABEL[detail.stage],
        totals: printedTotals(orderSummary(detail.view), c.get('i18n'), detail.view.currency.code, c.get('locale')),
        invoiceLines: partyLines(detail.view, c.get('i18n')),
        notice: noticeOf(c, NOTICES),
        formError: state.formError ?? null,
        errors: state.errors ?? {},
        tracking: state.tracking ?? detail.view.tracking_number,
        base: `${ORDERS_PATH}/${detail.view.document_number}`,
      },
      { title: c.get('i18n')._('Objednávka č. {number}', { number: detail.view.document_number }), status: state.status },
    );

  app.get(`${ORDERS_PATH}/${NUMBER}`, (c) => page(c, find(c)));

  app.post(`${ORDERS_PATH}/${NUMBER}/:action`, async (c) => {
    const action = c.req.param('action');
    if (!isOrderAction(action)) throw new NotFoundError();
    const detail = find(c);
    const i18n = c.get('i18n');
    const fields = await formFields(c);
    let tracking: string | undefined;
    if (action === 'odoslana') {
      const checked = checkForm(sentSchema, fields, i18n);
      if (!checked.ok) return page(c, detail, { errors: checked.errors, tracking: (fields.tracking ?? '').slice(0, 60), status: 400 });
      tracking = checked.data.tracking;
    }
    const { db, clock } = c.get('deps');
    const changed = runOrderAction(db, actorOf(c), clock.now(), { id: detail.id, number: detail.view.document_number }, action, { tracking });
    if (!changed) return page(c, find(c), { formError: i18n._(ORDER_ACTIONS[action].refused), status: 409 });
    return c.redirect(`${ORDERS_PATH}/${detail.view.document_number}?ok=${action}`, 303);
  });

  const documents = (c: Context<AdminEnv>, detail: OrderDetail): DocumentContext => {
    const locale = isLocale(detail.view.locale) ? detail.view.locale : detail.shop.locale;
    return { db: c.get('deps').db, logger: c.get('deps').logger, i18n: translators[locale], locale, shop: detail.shop };
  };

  app.get(`${ORDERS_PATH}/${NUMBER}/objednavka.pdf`, async (c) => {
    const detail = find(c);
    return pdfAnswer(c, await orderPdfOf(documents(c, detail), detail.view), `objednavka-${detail.view.document_number}`);
  });

  app.get(`${ORDERS_PATH}/${NUMBER}/faktura.pdf`, async (c) => {
    const detail = find(c);
    const invoice = detail.view.invoices[0];
    if (!invoice) throw new NotFoundError();
    return pdfAnswer(c, await invoicePdfOf(documents(c, detail), detail.view, invoice), `faktura-${invoice.number}`);
  });

  app.get(`${ORDERS_PATH}/${NUMBER}/dobropis.pdf`, async (c) => {
    const detail = find(c);
    if (!detail.creditNote) throw new NotFoundError();
    return pdfAnswer(c, await creditNotePdfOf(documents(c, detail), detail.view, detail.creditNote), `dobropis-${detail.creditNote.number}`);
  });

  return app;
}

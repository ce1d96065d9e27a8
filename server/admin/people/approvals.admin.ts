import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { msg } from '../../i18n/msg';
import { productImageUrl, productUrl } from '../../catalog/urls';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { approvalsQuerySchema, disableProductSchema, refuseSchema } from './approvals.schemas';
import { decideAccount, decideProduct, decideSeller, pendingAccounts, pendingSellers, waitingProducts, type Decision } from './approvals.service';

export const APPROVALS_PATH = '/admin/schvalovanie';
const NOTICES = {
  approved: msg('Produkt je schválený a v obchode sa dá kúpiť.'),
  disabled: msg('Produkt je vypnutý a predajca dostal správu.'),
  account: msg('Rozhodnutie je uložené a žiadateľ dostal e-mail.'),
  seller: msg('Rozhodnutie o obchode predajcu je uložené.'),
};

/** A refused form of one row: which row, what was typed, and its message. */
interface Failed {
  kind: 'product' | 'account' | 'seller';
  id: number;
  message: string;
  error: string;
}

/**
 * /admin/schvalovanie: seller products waiting (visible 4) to approve or disable with a word to the
 * seller, wholesale and seller sign-ups, and seller shops not yet activated. Plain forms, one per row.
 */
export function approvalsAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  const page = (c: Context<AdminEnv>, state: { failed?: Failed; formError?: string; status?: ContentfulStatusCode } = {}) => {
    const { db } = c.get('deps');
    const i18n = c.get('i18n');
    const query = approvalsQuerySchema.parse(c.req.query());
    return render(
      c,
      'approvals',
      {
        products: waitingProducts(db, c.get('shop').id, query.strana),
        accounts: pendingAccounts(db),
        sellers: pendingSellers(db),
        failed: state.failed ?? null,
        formError: state.formError ?? null,
        notice: noticeOf(c, NOTICES),
        imageUrl: productImageUrl,
        productUrl,
        pageLink: (n: number) => `${APPROVALS_PATH}${n > 1 ? `?strana=${n}` : ''}`,
      },
      { title: i18n._('Schvaľovanie'), status: state.status },
    );
  };

  const after = (c: Context<AdminEnv>, result: Decision, notice: keyof typeof NOTICES) =>
    result.ok ? c.redirect(`${APPROVALS_PATH}?ok=${notice}`, 303) : page(c, { formError: c.get('i18n')._(result.error), status: result.status });

  const from = (c: Context<AdminEnv>) => ({ shopId: c.get('shop').id, locale: c.get('locale') });

  app.get(APPROVALS_PATH, (c) => page(c));

  app.post(`${APPROVALS_PATH}/produkty/:id{[0-9]{1,9}}/schvalit`, (c) => {
    const { db, clock } = c.get('deps');
    return after(c, decideProduct(db, actorOf(c), Number(c.req.param('id')), { approve: true }, from(c), clock.now()), 'approved');
  });

  app.post(`${APPROVALS_PATH}/produkty/:id{[0-9]{1,9}}/vypnut`, async (c) => {
    const { db, clock } = c.get('deps');
    const id = Number(c.req.param('id'));
    const fields = await formFields(c);
    const checked = checkForm(disableProductSchema, fields, c.get('i18n'));
    if (!checked.ok) return page(c, { failed: { kind: 'product', id, message: (fields.message ?? '').slice(0, 2000), error: checked.errors.message ?? '' }, status: 400 });
    return after(c, decideProduct(db, actorOf(c), id, { approve: false, message: checked.data.message }, from(c), clock.now()), 'disabled');
  });

  for (const [kind, segment, decide] of [
    ['account', 'konta', decideAccount],
    ['seller', 'predajcovia', decideSeller],
  ] as const) {
    app.post(`${APPROVALS_PATH}/${segment}/:id{[0-9]{1,9}}/schvalit`, (c) => {
      const { db, clock } = c.get('deps');
      return after(c, decide(db, actorOf(c), Number(c.req.param('id')), { approve: true }, from(c), clock.now()), kind);
    });
    app.post(`${APPROVALS_PATH}/${segment}/:id{[0-9]{1,9}}/zamietnut`, async (c) => {
      const { db, clock } = c.get('deps');
      const id = Number(c.req.param('id'));
      const fields = await formFields(c);
      const checked = checkForm(refuseSchema, fields, c.get('i18n'));
      if (!checked.ok) return page(c, { failed: { kind, id, message: (fields.message ?? '').slice(0, 2000), error: checked.errors.message ?? '' }, status: 400 });
      return after(c, decide(db, actorOf(c), id, { approve: false, message: checked.data.message }, from(c), clock.now()), kind);
    });
  }

  return app;
}

import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { paymentById, paymentCompanies, paymentRows, paymentVersion, updatePayment, type PaymentState } from './payments.service';
import { paymentSchema } from './rules.schemas';
import { minor, shopRows } from './rules.shared';

export const PAYMENTS_PATH = '/admin/predaj/platba';
const NOTICES = { saved: msg('Platba je uložená.') };
const FIELDS = ['name', 'description', 'countries', 'carriers', 'version'] as const;

function formValues(p: PaymentState): Record<string, string> {
  return {
    name: p.name,
    description: p.description,
    countries: p.countries ?? '',
    carriers: p.carriers.join('\n'),
    ...(p.codFees ? { codFeeSk: minor(p.codFees.sk ?? 0), codFeeCz: minor(p.codFees.cz ?? 0) } : {}),
    version: paymentVersion(p),
  };
}

type State = { values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode };

/**
 * /admin/predaj/platba: the payment methods with the carriers each goes with per shop; an edit form
 * per method (texts, countries, carriers, and for cash on delivery each shop's fee), refused over a
 * change made meanwhile.
 */
export function paymentsAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();
  const t = (c: Context<AdminEnv>) => c.get('i18n');
  const common = (c: Context<AdminEnv>) => ({
    shops: shopRows(c.get('deps').db),
    companies: paymentCompanies(c.get('deps').db),
  });

  app.get(PAYMENTS_PATH, (c) =>
    render(c, 'payments', { rows: paymentRows(c.get('deps').db), ...common(c) }, { title: t(c)._('Platba') }),
  );

  const edit = (c: Context<AdminEnv>, p: PaymentState, state: State = {}) =>
    render(
      c,
      'payment',
      {
        payment: p,
        values: state.values ?? formValues(p),
        errors: state.errors ?? {},
        formError: state.errors?._form ?? null,
        notice: noticeOf(c, NOTICES),
        countryOptions: [['', t(c)._('Všetky krajiny')], ['sk', t(c)._('Slovensko')], ['cz', t(c)._('Česko')]],
        ...common(c),
      },
      { title: t(c)._('Platba: {name}', { name: t(c)._(p.name) }), status: state.status },
    );
  const paymentOf = (c: Context<AdminEnv>) => {
    const p = paymentById(c.get('deps').db, Number(c.req.param('id')));
    if (!p) throw new NotFoundError();
    return p;
  };

  app.get(`${PAYMENTS_PATH}/:id{[0-9]{1,4}}`, (c) => edit(c, paymentOf(c)));

  app.post(`${PAYMENTS_PATH}/:id{[0-9]{1,4}}`, async (c) => {
    const p = paymentOf(c);
    const fields = await formFields(c);
    const names = p.codFees ? [...FIELDS, 'codFeeSk', 'codFeeCz'] : FIELDS;
    const values = Object.fromEntries(names.map((f) => [f, (fields[f] ?? '').slice(0, 2000)]));
    const checked = checkForm(paymentSchema, values, t(c));
    if (!checked.ok) return edit(c, p, { values, errors: checked.errors, status: 400 });
    const saved = updatePayment(c.get('deps').db, actorOf(c), p.id, checked.data, values.version, c.get('deps').clock.now());
    if (!saved.ok) return edit(c, p, { values, errors: Object.fromEntries(Object.entries(saved.errors).map(([k, m]) => [k, t(c)._(m)])), status: saved.status });
    return c.redirect(`${PAYMENTS_PATH}/${p.id}?ok=saved`, 303);
  });

  return app;
}

import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import { pageField } from '../list-fields';
import { STAGE_LABEL } from '../orders/order-stage';
import type { AdminRender } from '../render';
import { customerFilterSchema, eraseSchema, pointsEntrySchema, type CustomerFilter } from './customers.schemas';
import { addPointsEntry, customerDetail, customerExport, customerPage, eraseCustomer } from './customers.service';

export const CUSTOMERS_PATH = '/admin/zakaznici';
const NOTICES = {
  points: msg('Body sú zapísané.'),
  erased: msg('Osobné údaje zákazníka sú vymazané; objednávky zostali bez kontaktných údajov.'),
};

const listLink = (filter: CustomerFilter, page: number) => {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (page > 1) params.set('strana', String(page));
  const text = params.toString();
  return `${CUSTOMERS_PATH}${text ? `?${text}` : ''}`;
};

/**
 * /admin/zakaznici: accounts found by name, e-mail or phone, paged on the server; a customer's page
 * with their orders (linked to the orders section), points balance and history with a manual entry,
 * the GDPR export (JSON download) and the erasure of their personal data.
 */
export function customersAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  app.get(CUSTOMERS_PATH, (c) => {
    const i18n = c.get('i18n');
    const checked = checkForm(customerFilterSchema, c.req.query(), i18n);
    const filter = checked.ok ? checked.data : { q: '', strana: 1 };
    return render(
      c,
      'customers',
      {
        values: checked.ok ? filter : { ...filter, ...c.req.query() },
        errors: checked.ok ? {} : checked.errors,
        list: checked.ok ? customerPage(c.get('deps').db, filter) : null,
        notice: noticeOf(c, NOTICES),
        pageLink: (page: number) => listLink(filter, page),
      },
      { title: i18n._('Zákazníci'), status: checked.ok ? 200 : 400 },
    );
  });

  const detail = (c: Context<AdminEnv>, state: { values?: Record<string, string>; errors?: Record<string, string>; formError?: string; status?: ContentfulStatusCode } = {}) => {
    const id = Number(c.req.param('id'));
    const customer = customerDetail(c.get('deps').db, id, pageField.parse(c.req.query('strana')));
    if (!customer) throw new NotFoundError();
    return render(
      c,
      'customer',
      {
        customer,
        values: state.values ?? { direction: 'credit' },
        errors: state.errors ?? {},
        formError: state.formError ?? null,
        notice: noticeOf(c, NOTICES),
        stageLabel: (stage: number) => STAGE_LABEL[stage] ?? '',
        directionOptions: [['credit', c.get('i18n')._('Pripísať')], ['debit', c.get('i18n')._('Odpísať')]],
        historyLink: (page: number) => `${CUSTOMERS_PATH}/${id}${page > 1 ? `?strana=${page}` : ''}`,
      },
      { title: customer.email, status: state.status },
    );
  };

  app.get(`${CUSTOMERS_PATH}/:id{[0-9]{1,9}}`, (c) => detail(c));

  app.post(`${CUSTOMERS_PATH}/:id{[0-9]{1,9}}/body`, async (c) => {
    const { db, clock } = c.get('deps');
    const fields = await formFields(c);
    const values = { direction: fields.direction ?? '', points: (fields.points ?? '').slice(0, 20), reason: (fields.reason ?? '').slice(0, 300) };
    const checked = checkForm(pointsEntrySchema, values, c.get('i18n'));
    if (!checked.ok) return detail(c, { values, errors: checked.errors, status: 400 });
    const id = Number(c.req.param('id'));
    const result = addPointsEntry(db, actorOf(c), id, checked.data, clock.now());
    if (!result.ok) return detail(c, { values, errors: { points: c.get('i18n')._(result.error) }, status: 409 });
    return c.redirect(`${CUSTOMERS_PATH}/${id}?ok=points`, 303);
  });

  app.get(`${CUSTOMERS_PATH}/:id{[0-9]{1,9}}/export`, (c) => {
    const id = Number(c.req.param('id'));
    const data = customerExport(c.get('deps').db, id);
    if (!data) throw new NotFoundError();
    return c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="zakaznik-${id}.json"`,
      'Cache-Control': 'no-store',
    });
  });

  app.post(`${CUSTOMERS_PATH}/:id{[0-9]{1,9}}/vymazat`, async (c) => {
    const { db, clock } = c.get('deps');
    const checked = checkForm(eraseSchema, await formFields(c), c.get('i18n'));
    const id = Number(c.req.param('id'));
    const result = eraseCustomer(db, actorOf(c), id, checked.ok ? checked.data.confirm : '', clock.now());
    if (!result.ok) return detail(c, { formError: c.get('i18n')._(result.error), status: 400 });
    return c.redirect(`${CUSTOMERS_PATH}?ok=erased`, 303);
  });

  return app;
}

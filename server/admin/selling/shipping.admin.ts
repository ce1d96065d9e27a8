import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { shippingRuleSchema } from './rules.schemas';
import { minor, shopRows } from './rules.shared';
import {
  createShippingRule,
  paymentList,
  removeShippingRule,
  shippingCompanyList,
  shippingRuleById,
  shippingRuleVersion,
  shippingRules,
  updateShippingRule,
  type ShippingRuleRow,
} from './shipping.service';

export const SHIPPING_PATH = '/admin/predaj/doprava';
const NOTICES = { created: msg('Pravidlo je pridané.'), saved: msg('Pravidlo je uložené.'), removed: msg('Pravidlo je odstránené.') };
const FIELDS = ['shop', 'country', 'companyId', 'paymentId', 'name', 'description', 'amountMin', 'amountMax', 'weightMin', 'weightMax', 'price', 'sort', 'version'] as const;
const listQuery = z.object({ obchod: z.enum(['sk', 'cz']).catch('sk'), krajina: z.enum(['sk', 'cz']).optional().catch(undefined) });

function formValues(r: ShippingRuleRow): Record<string, string> {
  return {
    shop: r.shop,
    country: r.country,
    companyId: String(r.companyId),
    paymentId: String(r.paymentId),
    name: r.name,
    description: r.description,
    amountMin: minor(r.amountMin),
    amountMax: r.amountMax === null ? '' : minor(r.amountMax),
    weightMin: r.weightMin ? String(r.weightMin) : '',
    weightMax: r.weightMax === null ? '' : String(r.weightMax),
    price: minor(r.price),
    sort: String(r.sort),
    version: shippingRuleVersion(r),
  };
}

type State = { values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode };

/**
 * /admin/predaj/doprava: shipping price rules per shop and delivery country (the cart's carrier
 * choice reads the same rows), a form to add one, an edit form per rule (a save over a change made
 * meanwhile is refused) and its removal.
 */
export function shippingAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();
  const t = (c: Context<AdminEnv>) => c.get('i18n');
  const choices = (c: Context<AdminEnv>) => {
    const db = c.get('deps').db;
    return {
      shopOptions: shopRows(db).map((x) => [x.code, `${x.name} (${x.currency})`]),
      countryOptions: [['sk', t(c)._('Slovensko')], ['cz', t(c)._('Česko')]],
      companyOptions: shippingCompanyList(db).map((x) => [String(x.id), x.name]),
      paymentOptions: paymentList(db).map((x) => [String(x.id), t(c)._(x.name)]),
    };
  };

  const list = (c: Context<AdminEnv>, state: State = {}) => {
    const query = listQuery.parse(c.req.query());
    const country = query.krajina ?? query.obchod;
    return render(
      c,
      'shipping-rules',
      {
        rows: shippingRules(c.get('deps').db, query.obchod, country),
        shop: query.obchod,
        country,
        values: state.values ?? { shop: query.obchod, country, sort: '0', amountMin: '0,00' },
        errors: state.errors ?? {},
        formError: state.errors?._form ?? null,
        notice: noticeOf(c, NOTICES),
        ...choices(c),
      },
      { title: t(c)._('Doprava'), status: state.status },
    );
  };

  const edit = (c: Context<AdminEnv>, r: ShippingRuleRow, state: State = {}) =>
    render(
      c,
      'shipping-rule',
      { rule: r, values: state.values ?? formValues(r), errors: state.errors ?? {}, formError: state.errors?._form ?? null, notice: noticeOf(c, NOTICES), ...choices(c) },
      { title: t(c)._('Doprava: {name}', { name: r.name }), status: state.status },
    );

  const typed = async (c: Context<AdminEnv>) => {
    const fields = await formFields(c);
    return Object.fromEntries(FIELDS.map((f) => [f, (fields[f] ?? '').slice(0, 600)]));
  };
  const translated = (c: Context<AdminEnv>, errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, t(c)._(m)]));
  const ruleOf = (c: Context<AdminEnv>) => {
    const r = shippingRuleById(c.get('deps').db, Number(c.req.param('id')));
    if (!r) throw new NotFoundError();
    return r;
  };
  const listOf = (r: { shop: string; country: string }) => `${SHIPPING_PATH}?${new URLSearchParams({ obchod: r.shop, krajina: r.country })}`;

  app.get(SHIPPING_PATH, (c) => list(c));

  app.post(SHIPPING_PATH, async (c) => {
    const values = await typed(c);
    const checked = checkForm(shippingRuleSchema, values, t(c));
    if (!checked.ok) return list(c, { values, errors: checked.errors, status: 400 });
    const saved = createShippingRule(c.get('deps').db, actorOf(c), checked.data, c.get('deps').clock.now());
    if (!saved.ok) return list(c, { values, errors: translated(c, saved.errors), status: saved.status });
    return c.redirect(`${listOf(checked.data)}&ok=created`, 303);
  });

  app.get(`${SHIPPING_PATH}/:id{[0-9]{1,9}}`, (c) => edit(c, ruleOf(c)));

  app.post(`${SHIPPING_PATH}/:id{[0-9]{1,9}}`, async (c) => {
    const r = ruleOf(c);
    const values = await typed(c);
    const checked = checkForm(shippingRuleSchema, values, t(c));
    if (!checked.ok) return edit(c, r, { values, errors: checked.errors, status: 400 });
    const saved = updateShippingRule(c.get('deps').db, actorOf(c), r.id, checked.data, values.version, c.get('deps').clock.now());
    if (!saved.ok) return edit(c, r, { values, errors: translated(c, saved.errors), status: saved.status });
    return c.redirect(`${SHIPPING_PATH}/${r.id}?ok=saved`, 303);
  });

  app.post(`${SHIPPING_PATH}/:id{[0-9]{1,9}}/odstranit`, async (c) => {
    const r = ruleOf(c);
    const values = await typed(c);
    const saved = removeShippingRule(c.get('deps').db, actorOf(c), r.id, values.version, c.get('deps').clock.now());
    if (!saved.ok) return edit(c, r, { errors: translated(c, saved.errors), status: saved.status });
    return c.redirect(`${listOf(r)}&ok=removed`, 303);
  });

  return app;
}

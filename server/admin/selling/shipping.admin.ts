import type { Context } from 'hono';
import { z } from 'zod';
import { msg } from '../../i18n/msg';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import type { AdminRender } from '../render';
import { ruleCrud } from './rule-crud';
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

/**
 * /admin/predaj/doprava: shipping price rules per shop and delivery country (the cart's carrier
 * choice reads the same rows), a form to add one, an edit form per rule (a save over a change made
 * meanwhile is refused) and its removal.
 */
export function shippingAdmin(render: AdminRender) {
  const listOf = (r: { shop: string; country: string }) => `${SHIPPING_PATH}?${new URLSearchParams({ obchod: r.shop, krajina: r.country })}`;
  const place = (c: Context<AdminEnv>) => {
    const query = listQuery.parse(c.req.query());
    return { shop: query.obchod, country: query.krajina ?? query.obchod };
  };
  return ruleCrud(render, {
    path: SHIPPING_PATH,
    fields: FIELDS,
    schema: shippingRuleSchema,
    notices: NOTICES,
    choices: (c: Context<AdminEnv>) => {
      const db = c.get('deps').db;
      const t = c.get('i18n');
      return {
        shopOptions: shopRows(db).map((x) => [x.code, `${x.name} (${x.currency})`]),
        countryOptions: [['sk', t._('Slovensko')], ['cz', t._('Česko')]],
        companyOptions: shippingCompanyList(db).map((x) => [String(x.id), x.name]),
        paymentOptions: paymentList(db).map((x) => [String(x.id), t._(x.name)]),
      };
    },
    list: {
      template: 'shipping-rules',
      title: (i18n) => i18n._('Doprava'),
      data: (c) => {
        const { shop, country } = place(c);
        return { rows: shippingRules(c.get('deps').db, shop, country), shop, country };
      },
      blank: (c) => ({ ...place(c), sort: '0', amountMin: '0,00' }),
    },
    edit: { template: 'shipping-rule', name: 'rule', title: (i18n, r) => i18n._('Doprava: {name}', { name: r.name }) },
    byId: shippingRuleById,
    idOf: (r) => r.id,
    formValues,
    create: createShippingRule,
    update: updateShippingRule,
    createdPath: (_id, input) => `${listOf(input)}&ok=created`,
    extend: (app, { edit, rowOf, typed, translated }) => {
      app.post(`${SHIPPING_PATH}/:id{[0-9]{1,9}}/odstranit`, async (c) => {
        const r = rowOf(c);
        const values = await typed(c);
        const saved = removeShippingRule(c.get('deps').db, actorOf(c), r.id, values.version, c.get('deps').clock.now());
        if (!saved.ok) return edit(c, r, { errors: translated(c, saved.errors), status: saved.status });
        return c.redirect(`${listOf(r)}&ok=removed`, 303);
      });
    },
  });
}

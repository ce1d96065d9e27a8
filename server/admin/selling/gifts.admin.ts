import type { Context } from 'hono';
import { msg } from '../../i18n/msg';
import type { AdminEnv } from '../env';
import type { AdminRender } from '../render';
import { shopDay } from '../shop-days';
import { createGift, GIFT_TEXTS, giftById, giftRows, giftVersion, updateGift, type GiftRow } from './gifts.service';
import { ruleCrud } from './rule-crud';
import { giftSchema } from './rules.schemas';
import { minor, shopRows } from './rules.shared';

export const GIFTS_PATH = '/admin/predaj/darceky';

const formValues = (g: GiftRow): Record<string, string> => ({
  shop: g.shop,
  value: g.value,
  amountMin: minor(g.amountMin),
  active: g.active ? '1' : '',
  validFrom: g.validFrom === null ? '' : shopDay(g.validFrom),
  validTo: g.validTo === null ? '' : shopDay(g.validTo - 1),
  products: g.products.join(' '),
  version: giftVersion(g),
});

/**
 * /admin/predaj/darceky: gifts per shop and their thresholds (the best one reached goes with the
 * order, those above the subtotal are the cart's gift motivation), their days and the products that
 * trigger them, a form to add one and an edit form per gift (switched off rather than deleted; a
 * save over a change made meanwhile is refused).
 */
export function giftsAdmin(render: AdminRender) {
  return ruleCrud(render, {
    path: GIFTS_PATH,
    fields: ['shop', 'value', 'amountMin', 'active', 'validFrom', 'validTo', 'products', 'version'],
    maxLength: { products: 14_000 },
    schema: giftSchema,
    notices: { created: msg('Darček je pridaný.'), saved: msg('Darček je uložený.') },
    choices: (c: Context<AdminEnv>) => ({
      shopOptions: shopRows(c.get('deps').db).map((x) => [x.code, `${x.name} (${x.currency})`]),
      activeOptions: [['1', c.get('i18n')._('Ponúka sa')], ['', c.get('i18n')._('Vypnutý')]],
    }),
    list: { template: 'gifts', title: (i18n) => i18n._('Darčeky'), data: (c) => ({ rows: giftRows(c.get('deps').db) }), blank: () => ({ shop: 'sk', active: '1' }) },
    edit: { template: 'gift', name: 'gift', title: (i18n, g) => i18n._('Darček: {name}', { name: g.value }) },
    byId: giftById,
    idOf: (g) => g.id,
    formValues,
    create: createGift,
    update: updateGift,
    createdPath: () => `${GIFTS_PATH}?ok=created`,
    texts: GIFT_TEXTS,
    // `_code` is the unknown product code a message names, not a field.
    translate: (i18n, errors) => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== '_code').map(([k, m]) => [k, i18n._(m, { code: errors._code })])),
  });
}

import type { Context } from 'hono';
import { msg } from '../../i18n/msg';
import type { AdminEnv } from '../env';
import type { AdminRender } from '../render';
import { createPointItem, POINT_ITEM_TEXTS, pointItemById, pointItemRows, pointItemVersion, updatePointItem, type PointItemRow } from './point-items.service';
import { ruleCrud } from './rule-crud';
import { pointItemSchema } from './rules.schemas';
import { minor } from './rules.shared';

export const POINT_ITEMS_PATH = '/admin/predaj/body';

const formValues = (p: PointItemRow): Record<string, string> => ({
  name: p.name,
  price: String(p.price),
  kind: p.kind,
  stock: p.stock === null ? '' : String(p.stock),
  oncePerUser: p.oncePerUser ? '1' : '',
  disabled: p.disabled ? '1' : '',
  voucherType: p.voucherType === null ? '' : String(p.voucherType),
  voucherValue: p.voucherValue === null ? '' : p.voucherType === 1 ? minor(p.voucherValue) : p.voucherType === 2 ? String(p.voucherValue) : '',
  voucherAmountFrom: p.voucherAmountFrom ? minor(p.voucherAmountFrom) : '',
  voucherDays: p.voucherDays === null ? '' : String(p.voucherDays),
  version: pointItemVersion(p),
});

/**
 * /admin/predaj/body: what points buy, with a form to add an item and an edit form per item (its
 * price in points, limits, the voucher it issues, switched off rather than deleted; a save over a
 * change made meanwhile is refused). The shop's points pages read the same rows per request.
 */
export function pointItemsAdmin(render: AdminRender) {
  return ruleCrud(render, {
    path: POINT_ITEMS_PATH,
    fields: ['name', 'price', 'kind', 'stock', 'oncePerUser', 'disabled', 'voucherType', 'voucherValue', 'voucherAmountFrom', 'voucherDays', 'version'],
    schema: pointItemSchema,
    notices: { created: msg('Položka je pridaná.'), saved: msg('Položka je uložená.') },
    choices: (c: Context<AdminEnv>) => {
      const t = c.get('i18n');
      return {
        kindOptions: [['voucher', t._('Kupón')], ['guide', t._('Návod')], ['reward', t._('Odmena')]],
        voucherTypeOptions: [['', '—'], ['1', t._('Zľava v sume')], ['2', t._('Zľava v percentách')], ['3', t._('Doprava zadarmo')]],
        yesNo: [['', t._('Nie')], ['1', t._('Áno')]],
      };
    },
    list: { template: 'point-items', title: (i18n) => i18n._('Položky za body'), data: (c) => ({ rows: pointItemRows(c.get('deps').db) }), blank: () => ({ kind: 'reward' }) },
    edit: { template: 'point-item', name: 'item', title: (i18n, p) => i18n._('Položka za body: {name}', { name: p.name }) },
    byId: pointItemById,
    idOf: (p) => p.id,
    formValues,
    create: createPointItem,
    update: updatePointItem,
    createdPath: (id) => `${POINT_ITEMS_PATH}/${id}?ok=created`,
    texts: POINT_ITEM_TEXTS,
  });
}

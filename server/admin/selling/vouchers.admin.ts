import type { Context } from 'hono';
import { z } from 'zod';
import { msg } from '../../i18n/msg';
import { voucherDefinitionSchema } from '../../vouchers/vouchers.schemas';
import type { AdminEnv } from '../env';
import { pageField } from '../list-fields';
import type { AdminRender } from '../render';
import { shopDay } from '../shop-days';
import { ruleCrud } from './rule-crud';
import { minor } from './rules.shared';
import { createVouchers, updateVoucher, VOUCHER_TEXTS, voucherById, voucherPage, voucherVersion, type VoucherListRow } from './vouchers.service';

export const SELLING_PATH = '/admin/predaj';
export const VOUCHERS_PATH = `${SELLING_PATH}/poukazky`;
const listQuery = z.object({ q: z.string().trim().max(64).catch(''), strana: pageField });

/** A stored voucher as the form's text values. */
const formValues = (v: VoucherListRow): Record<string, string> => ({
  code: v.code,
  type: String(v.type),
  value: v.type === 1 ? minor(v.value) : v.type === 2 ? String(v.value) : '',
  amountFrom: v.amountFrom ? minor(v.amountFrom) : '',
  giftItem: v.giftItem ?? '',
  validFrom: v.validFrom === null ? '' : shopDay(v.validFrom),
  dateTo: v.dateTo === null ? '' : shopDay(v.dateTo),
  singleUse: v.singleUse ? '1' : '',
  influencer: v.influencerEmail ?? '',
  commission: v.commissionPercent === null ? '' : String(v.commissionPercent),
  version: voucherVersion(v),
});

/**
 * /admin/predaj: the selling rules' index; /admin/predaj/poukazky: vouchers with their use, a form for
 * one code or N generated ones, and an edit form per voucher (a save over a change made meanwhile is
 * refused). Validated by the vouchers domain's schema (server/vouchers/vouchers.schemas.ts).
 */
export function vouchersAdmin(render: AdminRender) {
  return ruleCrud(render, {
    path: VOUCHERS_PATH,
    fields: ['code', 'count', 'type', 'value', 'amountFrom', 'giftItem', 'validFrom', 'dateTo', 'singleUse', 'influencer', 'commission', 'version'],
    schema: voucherDefinitionSchema,
    notices: { created: msg('Kupóny sú vytvorené.'), saved: msg('Kupón je uložený.') },
    choices: (c: Context<AdminEnv>) => {
      const t = c.get('i18n');
      return { typeOptions: [['1', t._('Zľava v sume')], ['2', t._('Zľava v percentách')], ['3', t._('Doprava zadarmo')], ['5', t._('Darček')]] };
    },
    list: {
      template: 'vouchers',
      title: (i18n) => i18n._('Kupóny'),
      data: (c) => {
        const query = listQuery.parse(c.req.query());
        const list = voucherPage(c.get('deps').db, query.q, query.strana);
        const pageLink = (n: number) => `${VOUCHERS_PATH}?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...(n > 1 ? { strana: String(n) } : {}) })}`;
        return { rows: list.rows, list, q: query.q, pageLink, shopDay };
      },
      blank: () => ({ type: '1', singleUse: '1' }),
    },
    edit: { template: 'voucher', name: 'voucher', title: (i18n, v) => i18n._('Kupón {code}', { code: v.code }) },
    byId: voucherById,
    idOf: (v) => v.id,
    formValues,
    create: createVouchers,
    update: updateVoucher,
    texts: VOUCHER_TEXTS,
    // One code (typed or generated) opens its form; several go back to the list.
    createdPath: (id, d) => (d.code || d.count === 1 ? `${VOUCHERS_PATH}/${id}?ok=created` : `${VOUCHERS_PATH}?ok=created`),
    extend: (app) => app.get(SELLING_PATH, (c) => render(c, 'selling', {}, { title: c.get('i18n')._('Pravidlá predaja') })),
  });
}

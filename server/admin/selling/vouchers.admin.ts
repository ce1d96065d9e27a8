import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { voucherDefinitionSchema } from '../../vouchers/vouchers.schemas';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import { pageField } from '../list-fields';
import type { AdminRender } from '../render';
import { shopDay } from '../shop-days';
import { createVouchers, updateVoucher, voucherById, voucherPage, voucherVersion, type VoucherListRow } from './vouchers.service';

export const SELLING_PATH = '/admin/predaj';
export const VOUCHERS_PATH = `${SELLING_PATH}/poukazky`;
const NOTICES = {
  created: msg('Kupóny sú vytvorené.'),
  saved: msg('Kupón je uložený.'),
};
const FIELDS = ['code', 'count', 'type', 'value', 'amountFrom', 'giftItem', 'validFrom', 'dateTo', 'singleUse'] as const;
const listQuery = z.object({ q: z.string().trim().max(64).catch(''), strana: pageField });

const minor = (n: number) => (n / 100).toFixed(2).replace('.', ',');

/** A stored voucher as the form's text values. */
function formValues(v: VoucherListRow): Record<string, string> {
  return {
    code: v.code,
    type: String(v.type),
    value: v.type === 1 ? minor(v.value) : v.type === 2 ? String(v.value) : '',
    amountFrom: v.amountFrom ? minor(v.amountFrom) : '',
    giftItem: v.giftItem ?? '',
    validFrom: v.validFrom === null ? '' : shopDay(v.validFrom),
    dateTo: v.dateTo === null ? '' : shopDay(v.dateTo),
    singleUse: v.singleUse ? '1' : '',
    version: voucherVersion(v),
  };
}

/**
 * /admin/predaj: the selling rules' index; /admin/predaj/poukazky: vouchers with their use, a form for
 * one code or N generated ones, and an edit form per voucher (a save over a change made meanwhile is
 * refused). Validated by the vouchers domain's schema (server/vouchers/vouchers.schemas.ts).
 */
export function vouchersAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();
  const i18nOf = (c: Context<AdminEnv>) => c.get('i18n');

  app.get(SELLING_PATH, (c) => render(c, 'selling', {}, { title: i18nOf(c)._('Pravidlá predaja') }));

  const typeOptions = (c: Context<AdminEnv>) => [
    ['1', i18nOf(c)._('Zľava v sume')],
    ['2', i18nOf(c)._('Zľava v percentách')],
    ['3', i18nOf(c)._('Doprava zadarmo')],
    ['5', i18nOf(c)._('Darček')],
  ];

  const list = (c: Context<AdminEnv>, state: { values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode } = {}) => {
    const query = listQuery.parse(c.req.query());
    return render(
      c,
      'vouchers',
      {
        list: voucherPage(c.get('deps').db, query.q, query.strana),
        q: query.q,
        values: state.values ?? { type: '1', singleUse: '1' },
        errors: state.errors ?? {},
        formError: state.errors?._form ?? null,
        notice: noticeOf(c, NOTICES),
        typeOptions: typeOptions(c),
        pageLink: (n: number) => `${VOUCHERS_PATH}?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), ...(n > 1 ? { strana: String(n) } : {}) })}`,
        shopDay,
      },
      { title: i18nOf(c)._('Kupóny'), status: state.status },
    );
  };

  const edit = (c: Context<AdminEnv>, v: VoucherListRow, state: { values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode } = {}) =>
    render(
      c,
      'voucher',
      { voucher: v, values: state.values ?? formValues(v), errors: state.errors ?? {}, formError: state.errors?._form ?? null, notice: noticeOf(c, NOTICES), typeOptions: typeOptions(c) },
      { title: i18nOf(c)._('Kupón {code}', { code: v.code }), status: state.status },
    );

  const typed = async (c: Context<AdminEnv>) => {
    const fields = await formFields(c);
    return Object.fromEntries([...FIELDS, 'version'].map((f) => [f, (fields[f] ?? '').slice(0, 300)]));
  };

  app.get(VOUCHERS_PATH, (c) => list(c));

  app.post(VOUCHERS_PATH, async (c) => {
    const values = await typed(c);
    const checked = checkForm(voucherDefinitionSchema, values, i18nOf(c));
    if (!checked.ok) return list(c, { values, errors: checked.errors, status: 400 });
    const saved = createVouchers(c.get('deps').db, actorOf(c), checked.data, c.get('deps').clock.now());
    if (!saved.ok) return list(c, { values, errors: Object.fromEntries(Object.entries(saved.errors).map(([k, m]) => [k, i18nOf(c)._(m)])), status: saved.status });
    return c.redirect(saved.ids.length === 1 ? `${VOUCHERS_PATH}/${saved.ids[0]}?ok=created` : `${VOUCHERS_PATH}?ok=created`, 303);
  });

  const voucherOf = (c: Context<AdminEnv>) => {
    const v = voucherById(c.get('deps').db, Number(c.req.param('id')));
    if (!v) throw new NotFoundError();
    return v;
  };

  app.get(`${VOUCHERS_PATH}/:id{[0-9]{1,9}}`, (c) => edit(c, voucherOf(c)));

  app.post(`${VOUCHERS_PATH}/:id{[0-9]{1,9}}`, async (c) => {
    const v = voucherOf(c);
    const values = await typed(c);
    const checked = checkForm(voucherDefinitionSchema, { ...values, count: '' }, i18nOf(c));
    if (!checked.ok) return edit(c, v, { values, errors: checked.errors, status: 400 });
    const saved = updateVoucher(c.get('deps').db, actorOf(c), v.id, checked.data, values.version, c.get('deps').clock.now());
    if (!saved.ok) return edit(c, v, { values, errors: Object.fromEntries(Object.entries(saved.errors).map(([k, m]) => [k, i18nOf(c)._(m)])), status: saved.status });
    return c.redirect(`${VOUCHERS_PATH}/${v.id}?ok=saved`, 303);
  });

  return app;
}

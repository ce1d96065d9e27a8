import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { createPointItem, pointItemById, pointItemRows, pointItemVersion, updatePointItem, type PointItemRow } from './point-items.service';
import { pointItemSchema } from './rules.schemas';
import { minor } from './rules.shared';

export const POINT_ITEMS_PATH = '/admin/predaj/body';
const NOTICES = { created: msg('Položka je pridaná.'), saved: msg('Položka je uložená.') };
const FIELDS = ['name', 'price', 'kind', 'stock', 'oncePerUser', 'disabled', 'voucherType', 'voucherValue', 'voucherAmountFrom', 'voucherDays', 'version'] as const;
type State = { values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode };

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
  const app = new Hono<AdminEnv>();
  const t = (c: Context<AdminEnv>) => c.get('i18n');
  const choices = (c: Context<AdminEnv>) => ({
    kindOptions: [['voucher', t(c)._('Kupón')], ['guide', t(c)._('Návod')], ['reward', t(c)._('Odmena')]],
    voucherTypeOptions: [['', '—'], ['1', t(c)._('Zľava v sume')], ['2', t(c)._('Zľava v percentách')], ['3', t(c)._('Doprava zadarmo')]],
    yesNo: [['', t(c)._('Nie')], ['1', t(c)._('Áno')]],
  });
  const translated = (c: Context<AdminEnv>, errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, t(c)._(m)]));
  const typed = async (c: Context<AdminEnv>) => {
    const fields = await formFields(c);
    return Object.fromEntries(FIELDS.map((f) => [f, (fields[f] ?? '').slice(0, 600)]));
  };
  const list = (c: Context<AdminEnv>, state: State = {}) =>
    render(
      c,
      'point-items',
      { rows: pointItemRows(c.get('deps').db), values: state.values ?? { kind: 'reward' }, errors: state.errors ?? {}, formError: state.errors?._form ?? null, notice: noticeOf(c, NOTICES), ...choices(c) },
      { title: t(c)._('Položky za body'), status: state.status },
    );
  const edit = (c: Context<AdminEnv>, p: PointItemRow, state: State = {}) =>
    render(
      c,
      'point-item',
      { item: p, values: state.values ?? formValues(p), errors: state.errors ?? {}, formError: state.errors?._form ?? null, notice: noticeOf(c, NOTICES), ...choices(c) },
      { title: t(c)._('Položka za body: {name}', { name: p.name }), status: state.status },
    );
  const itemOf = (c: Context<AdminEnv>) => {
    const p = pointItemById(c.get('deps').db, Number(c.req.param('id')));
    if (!p) throw new NotFoundError();
    return p;
  };

  app.get(POINT_ITEMS_PATH, (c) => list(c));
  app.post(POINT_ITEMS_PATH, async (c) => {
    const values = await typed(c);
    const checked = checkForm(pointItemSchema, values, t(c));
    if (!checked.ok) return list(c, { values, errors: checked.errors, status: 400 });
    const saved = createPointItem(c.get('deps').db, actorOf(c), checked.data, c.get('deps').clock.now());
    if (!saved.ok) return list(c, { values, errors: translated(c, saved.errors), status: saved.status });
    return c.redirect(`${POINT_ITEMS_PATH}/${saved.id}?ok=created`, 303);
  });
  app.get(`${POINT_ITEMS_PATH}/:id{[0-9]{1,9}}`, (c) => edit(c, itemOf(c)));
  app.post(`${POINT_ITEMS_PATH}/:id{[0-9]{1,9}}`, async (c) => {
    const p = itemOf(c);
    const values = await typed(c);
    const checked = checkForm(pointItemSchema, values, t(c));
    if (!checked.ok) return edit(c, p, { values, errors: checked.errors, status: 400 });
    const saved = updatePointItem(c.get('deps').db, actorOf(c), p.id, checked.data, values.version, c.get('deps').clock.now());
    if (!saved.ok) return edit(c, p, { values, errors: translated(c, saved.errors), status: saved.status });
    return c.redirect(`${POINT_ITEMS_PATH}/${p.id}?ok=saved`, 303);
  });
  return app;
}

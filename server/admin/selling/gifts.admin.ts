import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { createGift, giftById, giftRows, giftVersion, updateGift, type GiftRow } from './gifts.service';
import { giftSchema } from './rules.schemas';
import { minor, shopRows } from './rules.shared';
import { shopDay } from '../shop-days';

export const GIFTS_PATH = '/admin/predaj/darceky';
const NOTICES = { created: msg('Darček je pridaný.'), saved: msg('Darček je uložený.') };
const FIELDS = ['shop', 'value', 'amountMin', 'active', 'validFrom', 'validTo', 'products', 'version'] as const;
type State = { values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode };

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
 * order, those above the subtotal are the cart's gift motivation), a form to add one and an edit form
 * per gift (switched off rather than deleted; a save over a change made meanwhile is refused).
 */
export function giftsAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();
  const t = (c: Context<AdminEnv>) => c.get('i18n');
  const choices = (c: Context<AdminEnv>) => ({
    shopOptions: shopRows(c.get('deps').db).map((x) => [x.code, `${x.name} (${x.currency})`]),
    activeOptions: [['1', t(c)._('Ponúka sa')], ['', t(c)._('Vypnutý')]],
  });
  // `_code` is the unknown product code a message names, not a field.
  const translated = (c: Context<AdminEnv>, errors: Record<string, string>) =>
    Object.fromEntries(Object.entries(errors).filter(([k]) => k !== '_code').map(([k, m]) => [k, t(c)._(m, { code: errors._code })]));
  const typed = async (c: Context<AdminEnv>) => {
    const fields = await formFields(c);
    return Object.fromEntries(FIELDS.map((f) => [f, (fields[f] ?? '').slice(0, f === 'products' ? 14_000 : 600)]));
  };

  const list = (c: Context<AdminEnv>, state: State = {}) =>
    render(
      c,
      'gifts',
      { rows: giftRows(c.get('deps').db), values: state.values ?? { shop: 'sk', active: '1' }, errors: state.errors ?? {}, formError: state.errors?._form ?? null, notice: noticeOf(c, NOTICES), ...choices(c) },
      { title: t(c)._('Darčeky'), status: state.status },
    );
  const edit = (c: Context<AdminEnv>, g: GiftRow, state: State = {}) =>
    render(
      c,
      'gift',
      { gift: g, values: state.values ?? formValues(g), errors: state.errors ?? {}, formError: state.errors?._form ?? null, notice: noticeOf(c, NOTICES), ...choices(c) },
      { title: t(c)._('Darček: {name}', { name: g.value }), status: state.status },
    );
  const giftOf = (c: Context<AdminEnv>) => {
    const g = giftById(c.get('deps').db, Number(c.req.param('id')));
    if (!g) throw new NotFoundError();
    return g;
  };

  app.get(GIFTS_PATH, (c) => list(c));
  app.post(GIFTS_PATH, async (c) => {
    const values = await typed(c);
    const checked = checkForm(giftSchema, values, t(c));
    if (!checked.ok) return list(c, { values, errors: checked.errors, status: 400 });
    const saved = createGift(c.get('deps').db, actorOf(c), checked.data, c.get('deps').clock.now());
    if (!saved.ok) return list(c, { values, errors: translated(c, saved.errors), status: saved.status });
    return c.redirect(`${GIFTS_PATH}?ok=created`, 303);
  });
  app.get(`${GIFTS_PATH}/:id{[0-9]{1,9}}`, (c) => edit(c, giftOf(c)));
  app.post(`${GIFTS_PATH}/:id{[0-9]{1,9}}`, async (c) => {
    const g = giftOf(c);
    const values = await typed(c);
    const checked = checkForm(giftSchema, values, t(c));
    if (!checked.ok) return edit(c, g, { values, errors: checked.errors, status: 400 });
    const saved = updateGift(c.get('deps').db, actorOf(c), g.id, checked.data, values.version, c.get('deps').clock.now());
    if (!saved.ok) return edit(c, g, { values, errors: translated(c, saved.errors), status: saved.status });
    return c.redirect(`${GIFTS_PATH}/${g.id}?ok=saved`, 303);
  });
  return app;
}

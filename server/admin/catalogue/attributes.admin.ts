import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { readBody } from '../../http/body';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { audited, actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { categoryOptions } from './catalogue-options';
import { smallTexts } from '../small-texts';
import type { LocaleTextErrors, LocaleTextValues } from '../locale-texts';

/** The labels in the other languages (docs/decisions/249). */
const ATTRIBUTE_TEXTS = smallTexts('attribute', [{ name: 'label', label: msg('Názov'), kind: 'text', max: 100 }]);
const OPTION_TEXTS = smallTexts('option', [{ name: 'label', label: msg('Názov'), kind: 'text', max: 100 }]);
type PostedTexts = { values: LocaleTextValues; errors?: LocaleTextErrors };
/** The last value of each posted field, as text. */
const lastValues = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]).filter((e): e is [string, string] => typeof e[1] === 'string'));

/**
 * Filter attributes ("Farba") and their options ("červená"), and which product categories offer
 * each (category_attributes): a list and a minimal form, admins only (under /admin/produkty).
 * Every write is audited in its transaction; the catalogue-version triggers make the shop's
 * filters follow on the next request.
 */
export const ATTRIBUTES_PATH = '/admin/produkty/filtre';
const ID = ':id{[0-9]{1,10}}';

const key = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: msg('Len malé písmená bez diakritiky, číslice a pomlčky') });
const position = z.string().trim().regex(/^\d{1,6}$/, { error: msg('Zadajte celé číslo') }).transform(Number).prefault('0');

export const attributeSchema = z.object({ code: key, label: z.string().trim().min(1).max(100), position });
export const optionSchema = z.object({ key, label: z.string().trim().min(1).max(100), position });

const CODE_TAKEN = msg('Tento kód už má iný filter');
const KEY_TAKEN = msg('Tento kľúč už má iná možnosť filtra');

interface AttributeRow {
  id: number;
  code: string;
  label: string;
  position: number;
}

const statements = perDatabase((db: Db) => {
  const c = db.$client;
  return {
    list: c.prepare<[], AttributeRow & { options: number; categories: number }>(
      `SELECT a.id, a.code, a.label, a.position, (SELECT COUNT(*) FROM attribute_options o WHERE o.attribute_id = a.id) AS options,
              (SELECT COUNT(*) FROM category_attributes ca WHERE ca.attribute_id = a.id) AS categories
         FROM attributes a ORDER BY a.position, a.id`,
    ),
    one: c.prepare<[number], AttributeRow>('SELECT id, code, label, position FROM attributes WHERE id = ?'),
    codeTaken: c.prepare<[string, number], { id: number }>('SELECT id FROM attributes WHERE code = ? AND id <> ?'),
    insert: c.prepare('INSERT INTO attributes (code, label, position) VALUES (@code, @label, @position)'),
    update: c.prepare('UPDATE attributes SET code = @code, label = @label, position = @position WHERE id = @id'),
    optionOwner: c.prepare<[number], { attributeId: number }>('SELECT attribute_id AS attributeId FROM attribute_options WHERE id = ?'),
    options: c.prepare<[number], { id: number; key: string; label: string; position: number }>(
      'SELECT id, key, label, position FROM attribute_options WHERE attribute_id = ? ORDER BY position, id',
    ),
    keyTaken: c.prepare<[number, string, number], { id: number }>('SELECT id FROM attribute_options WHERE attribute_id = ? AND key = ? AND id <> ?'),
    addOption: c.prepare('INSERT INTO attribute_options (attribute_id, key, label, position) VALUES (?, ?, ?, ?)'),
    updateOption: c.prepare('UPDATE attribute_options SET key = ?, label = ?, position = ? WHERE id = ? AND attribute_id = ?'),
    categories: c.prepare<[number], { categoryId: number }>('SELECT category_id AS categoryId FROM category_attributes WHERE attribute_id = ? ORDER BY category_id'),
    clearCategories: c.prepare('DELETE FROM category_attributes WHERE attribute_id = ?'),
    addCategory: c.prepare("INSERT INTO category_attributes (category_id, attribute_id, position) SELECT id, ?, ? FROM categories WHERE id = ? AND type = 'product'"),
  };
});

const NOTICES = { ulozeny: msg('Filter je uložený.') };

export function attributesAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  app.get(ATTRIBUTES_PATH, (c) =>
    render(c, 'catalogue-attributes', { attributes: statements(c.get('deps').db).list.all(), values: {}, errors: {} }, { title: c.get('i18n')._('Filtre produktov') }),
  );

  const page = (
    c: Context<AdminEnv>,
    row: AttributeRow,
    state: {
      values?: Record<string, unknown>;
      errors?: Record<string, string>;
      optionErrors?: Record<string, string>;
      optionValues?: Record<string, string>;
      status?: ContentfulStatusCode;
      texts?: PostedTexts;
      /** An option form's per-language fields as posted again (null: the new option's form). */
      optionTexts?: { id: number | null } & PostedTexts;
    } = {},
  ) => {
    const db = c.get('deps').db;
    const i18n = c.get('i18n');
    const s = statements(db);
    const options = s.options.all(row.id);
    const optionTexts = (id: number | null) => OPTION_TEXTS.view(i18n, db, id, state.optionTexts && state.optionTexts.id === id ? state.optionTexts : undefined);
    return render(
      c,
      'catalogue-attribute',
      {
        attribute: row,
        values: state.values ?? row,
        errors: state.errors ?? {},
        optionValues: state.optionValues ?? {},
        optionErrors: state.optionErrors ?? {},
        options: options.map((o) => ({ ...o, texts: optionTexts(o.id) })),
        texts: ATTRIBUTE_TEXTS.view(i18n, db, row.id, state.texts),
        newOptionTexts: optionTexts(null),
        chosen: new Set(s.categories.all(row.id).map((r) => String(r.categoryId))),
        categories: categoryOptions(c.get('deps').db, 'product'),
        notice: noticeOf(c, NOTICES),
      },
      { title: c.get('i18n')._('Filter {name}', { name: row.label }), status: state.status },
    );
  };

  const find = (c: Context<AdminEnv>): AttributeRow => {
    const row = statements(c.get('deps').db).one.get(Number(c.req.param('id')));
    if (!row) throw new NotFoundError();
    return row;
  };

  app.post(ATTRIBUTES_PATH, async (c) => {
    const { db, clock } = c.get('deps');
    const i18n = c.get('i18n');
    const fields = await formFields(c);
    const checked = checkForm(attributeSchema, fields, i18n);
    const refuse = (errors: Record<string, string>) =>
      render(c, 'catalogue-attributes', { attributes: statements(db).list.all(), values: fields, errors }, { title: i18n._('Filtre produktov'), status: 400 });
    if (!checked.ok) return refuse(checked.errors);
    const s = statements(db);
    const id = audited(db, actorOf(c), clock.now(), () => {
      if (s.codeTaken.get(checked.data.code, 0)) return { value: null, audit: null };
      const id = Number(s.insert.run(checked.data).lastInsertRowid);
      return { value: id, audit: { section: 'catalogue', action: 'attribute.create', subject: checked.data.code, after: checked.data } };
    });
    if (id === null) return refuse({ code: i18n._(CODE_TAKEN) });
    return c.redirect(`${ATTRIBUTES_PATH}/${id}?ok=ulozeny`, 303);
  });

  app.get(`${ATTRIBUTES_PATH}/${ID}`, (c) => page(c, find(c)));

  app.post(`${ATTRIBUTES_PATH}/${ID}`, async (c) => {
    const row = find(c);
    const { db, clock } = c.get('deps');
    const i18n = c.get('i18n');
    const body = await readBody(c, { all: true });
    const text = (name: string) => {
      const v = body[name];
      const last = Array.isArray(v) ? v[v.length - 1] : v;
      return typeof last === 'string' ? last : '';
    };
    const fields = { code: text('code'), label: text('label'), position: text('position') };
    const checked = checkForm(attributeSchema, fields, i18n);
    const texts = ATTRIBUTE_TEXTS.posted(lastValues(body));
    const textsChecked = ATTRIBUTE_TEXTS.check(texts, i18n);
    const textsState = { values: texts, errors: textsChecked.ok ? {} : textsChecked.errors };
    if (!checked.ok || !textsChecked.ok) return page(c, row, { values: fields, errors: checked.ok ? {} : checked.errors, texts: textsState, status: 400 });
    const chosen = (Array.isArray(body['categories[]']) ? body['categories[]'] : []).filter((v): v is string => typeof v === 'string' && /^\d{1,10}$/.test(v)).map(Number);
    const s = statements(db);
    const saved = audited(db, actorOf(c), clock.now(), () => {
      if (s.codeTaken.get(checked.data.code, row.id)) return { value: false, audit: null };
      const before = { ...row, categories: s.categories.all(row.id).map((r) => r.categoryId), texts: ATTRIBUTE_TEXTS.stored(db, row.id) };
      s.update.run({ ...checked.data, id: row.id });
      s.clearCategories.run(row.id);
      for (const categoryId of chosen) s.addCategory.run(row.id, checked.data.position, categoryId);
      ATTRIBUTE_TEXTS.save(db, [row.id], textsChecked.data);
      const after = { ...s.one.get(row.id), categories: s.categories.all(row.id).map((r) => r.categoryId), texts: ATTRIBUTE_TEXTS.stored(db, row.id) };
      return { value: true, audit: { section: 'catalogue', action: 'attribute.update', subject: checked.data.code, before, after } };
    });
    if (!saved) return page(c, row, { values: fields, errors: { code: i18n._(CODE_TAKEN) }, texts: textsState, status: 400 });
    return c.redirect(`${ATTRIBUTES_PATH}/${row.id}?ok=ulozeny`, 303);
  });

  /** A new option (/<attribute>/nova-moznost) or an option's changes (/moznost/<option>). */
  const saveOption = async (c: Context<AdminEnv>, row: AttributeRow, optionId: number | null) => {
    const { db, clock } = c.get('deps');
    const i18n = c.get('i18n');
    const fields = await formFields(c);
    const checked = checkForm(optionSchema, fields, i18n);
    const texts = OPTION_TEXTS.posted(fields);
    const textsChecked = OPTION_TEXTS.check(texts, i18n);
    const optionTexts = { id: optionId, values: texts, errors: textsChecked.ok ? {} : textsChecked.errors };
    if (!checked.ok || !textsChecked.ok) return page(c, row, { optionValues: optionId === null ? fields : {}, optionErrors: checked.ok || optionId !== null ? {} : checked.errors, optionTexts, status: 400 });
    const s = statements(db);
    const saved = audited(db, actorOf(c), clock.now(), () => {
      const { key, label, position } = checked.data;
      if (s.keyTaken.get(row.id, key, optionId ?? 0)) return { value: 'taken' as const, audit: null };
      const found = optionId === null ? null : s.options.all(row.id).find((o) => o.id === optionId);
      if (optionId !== null && !found) return { value: 'missing' as const, audit: null };
      const before = found ? { ...found, texts: OPTION_TEXTS.stored(db, found.id) } : null;
      const id = optionId ?? Number(s.addOption.run(row.id, key, label, position).lastInsertRowid);
      if (optionId !== null) s.updateOption.run(key, label, position, optionId, row.id);
      OPTION_TEXTS.save(db, [id], textsChecked.data);
      const after = { ...checked.data, texts: OPTION_TEXTS.stored(db, id) };
      return { value: 'ok' as const, audit: { section: 'catalogue', action: optionId === null ? 'attribute.option-create' : 'attribute.option-update', subject: `${row.code}/${key}`, before, after } };
    });
    if (saved === 'missing') throw new NotFoundError();
    if (saved === 'taken') return page(c, row, { optionValues: optionId === null ? fields : {}, optionErrors: { key: i18n._(KEY_TAKEN) }, optionTexts, status: 400 });
    return c.redirect(`${ATTRIBUTES_PATH}/${row.id}?ok=ulozeny`, 303);
  };
  app.post(`${ATTRIBUTES_PATH}/${ID}/nova-moznost`, (c) => saveOption(c, find(c), null));
  app.post(`${ATTRIBUTES_PATH}/moznost/${ID}`, (c) => {
    const s = statements(c.get('deps').db);
    const owner = s.optionOwner.get(Number(c.req.param('id')));
    const row = owner ? s.one.get(owner.attributeId) : undefined;
    if (!row) throw new NotFoundError();
    return saveOption(c, row, Number(c.req.param('id')));
  });

  return app;
}

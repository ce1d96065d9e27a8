import type { I18n } from '@lingui/core';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/problem';
import { actorOf, type Actor } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import type { RuleSave } from './rules.shared';
import type { LocaleTextErrors, LocaleTextValues } from '../locale-texts';
import type { SmallTexts, SmallTextsData } from '../small-texts';

type State = {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  status?: ContentfulStatusCode;
  /** The per-language fields as posted again (spec.texts). */
  texts?: { values: LocaleTextValues; errors?: LocaleTextErrors };
};

/**
 * One selling rule's pages as the selling section serves them: the list with the new-rule form
 * (GET/POST path) and one rule's edit form (GET/POST path/<id>), each save validated by the rule's
 * schema, refused with what was typed and a message per field, or with "changed meanwhile" (the
 * service compares the form's version). The entity brings its schema, services, templates and texts.
 */
export interface RuleCrud<Row, Input> {
  path: string;
  /** The posted fields kept (each cut to `maxLength`, 600 unless said). */
  fields: readonly string[];
  maxLength?: Partial<Record<string, number>>;
  schema: z.ZodType<Input>;
  notices: Record<string, string>;
  /** Select options and the like both pages show. */
  choices: (c: Context<AdminEnv>) => Record<string, unknown>;
  /** The list page: its rows (and whatever else it shows, from the request's query) and the new form's first values. */
  list: { template: string; title: (i18n: I18n) => string; data: (c: Context<AdminEnv>) => { rows: unknown[] } & Record<string, unknown>; blank: (c: Context<AdminEnv>) => Record<string, string> };
  edit: { template: string; name: string; title: (i18n: I18n, row: Row) => string };
  byId: (db: Db, id: number) => Row | undefined;
  idOf: (row: Row) => number;
  formValues: (row: Row) => Record<string, string>;
  /** `texts`: the per-language fields' values when the entity has them (spec.texts), saved in the same transaction. */
  create: (db: Db, actor: Actor, input: Input, now: Date, texts?: SmallTextsData) => RuleSave;
  update: (db: Db, actor: Actor, id: number, input: Input, version: string, now: Date, texts?: SmallTextsData) => RuleSave;
  /** The entity's texts in the other languages (content_texts, docs/decisions/249): both forms show templates/admin/_locale-texts.eta. */
  texts?: SmallTexts;
  /** Where a new rule's save leads (its list or its own form). */
  createdPath: (id: number, input: Input) => string;
  /** A refusal's messages in the member's language (values for messages that name something). */
  translate?: (i18n: I18n, errors: Record<string, string>) => Record<string, string>;
  /** More routes of the entity (a removal), with the helper's own pieces. */
  extend?: (app: Hono<AdminEnv>, pieces: Pieces<Row>) => void;
}

export interface Pieces<Row> {
  edit: (c: Context<AdminEnv>, row: Row, state?: State) => Response | Promise<Response>;
  rowOf: (c: Context<AdminEnv>) => Row;
  typed: (c: Context<AdminEnv>) => Promise<Record<string, string>>;
  translated: (c: Context<AdminEnv>, errors: Record<string, string>) => Record<string, string>;
}

const translateAll = (i18n: I18n, errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, i18n._(m)]));

export function ruleCrud<Row, Input>(render: AdminRender, spec: RuleCrud<Row, Input>): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const t = (c: Context<AdminEnv>) => c.get('i18n');
  const translated = (c: Context<AdminEnv>, errors: Record<string, string>) => (spec.translate ?? translateAll)(t(c), errors);
  const typed = async (c: Context<AdminEnv>) => {
    const fields = await formFields(c);
    return Object.fromEntries(spec.fields.map((f) => [f, (fields[f] ?? '').slice(0, spec.maxLength?.[f] ?? 600)]));
  };
  const page = (c: Context<AdminEnv>, template: string, data: Record<string, unknown>, title: string, state: State, rowId: number | null) =>
    render(
      c,
      template,
      {
        ...data,
        errors: state.errors ?? {},
        formError: state.errors?._form ?? null,
        notice: noticeOf(c, spec.notices),
        ...spec.choices(c),
        ...(spec.texts ? { texts: spec.texts.view(t(c), c.get('deps').db, rowId, state.texts) } : {}),
      },
      { title, status: state.status },
    );
  const list = (c: Context<AdminEnv>, state: State = {}) =>
    page(c, spec.list.template, { ...spec.list.data(c), values: state.values ?? spec.list.blank(c) }, spec.list.title(t(c)), state, null);
  const edit = (c: Context<AdminEnv>, row: Row, state: State = {}) =>
    page(c, spec.edit.template, { [spec.edit.name]: row, values: state.values ?? spec.formValues(row) }, spec.edit.title(t(c), row), state, spec.idOf(row));
  /** The posted form: the entity's fields and, when it has them, its per-language texts checked by their schema. */
  const read = async (c: Context<AdminEnv>) => {
    const fields = await formFields(c);
    const values = Object.fromEntries(spec.fields.map((f) => [f, (fields[f] ?? '').slice(0, spec.maxLength?.[f] ?? 600)]));
    if (!spec.texts) return { values, texts: undefined, textsState: undefined, textErrors: false };
    const posted = spec.texts.posted(fields);
    const checked = spec.texts.check(posted, t(c));
    return {
      values,
      texts: checked.ok ? checked.data : undefined,
      textsState: { values: posted, errors: checked.ok ? {} : checked.errors },
      textErrors: !checked.ok,
    };
  };
  const rowOf = (c: Context<AdminEnv>) => {
    const row = spec.byId(c.get('deps').db, Number(c.req.param('id')));
    if (!row) throw new NotFoundError();
    return row;
  };

  app.get(spec.path, (c) => list(c));
  app.post(spec.path, async (c) => {
    const { values, texts, textsState, textErrors } = await read(c);
    const checked = checkForm(spec.schema, values, t(c));
    if (!checked.ok || textErrors) return list(c, { values, errors: checked.ok ? {} : checked.errors, texts: textsState, status: 400 });
    const saved = spec.create(c.get('deps').db, actorOf(c), checked.data, c.get('deps').clock.now(), texts);
    if (!saved.ok) return list(c, { values, errors: translated(c, saved.errors), texts: textsState, status: saved.status });
    return c.redirect(spec.createdPath(saved.id, checked.data), 303);
  });
  app.get(`${spec.path}/:id{[0-9]{1,9}}`, (c) => edit(c, rowOf(c)));
  app.post(`${spec.path}/:id{[0-9]{1,9}}`, async (c) => {
    const row = rowOf(c);
    const { values, texts, textsState, textErrors } = await read(c);
    const checked = checkForm(spec.schema, values, t(c));
    if (!checked.ok || textErrors) return edit(c, row, { values, errors: checked.ok ? {} : checked.errors, texts: textsState, status: 400 });
    const id = spec.idOf(row);
    const saved = spec.update(c.get('deps').db, actorOf(c), id, checked.data, values.version, c.get('deps').clock.now(), texts);
    if (!saved.ok) return edit(c, row, { values, errors: translated(c, saved.errors), texts: textsState, status: saved.status });
    return c.redirect(`${spec.path}/${id}?ok=saved`, 303);
  });
  spec.extend?.(app, { edit, rowOf, typed, translated });
  return app;
}

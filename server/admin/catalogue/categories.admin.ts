import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { readBody } from '../../http/body';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { categoryUrl } from '../../catalog/urls';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import type { LocaleTextErrors, LocaleTextValues } from '../locale-texts';
import { CATEGORY_LOCALE_TEXTS, translatedTextErrors } from './catalogue-locale-texts';
import {
  adminCategory,
  CATEGORY_CHANGED,
  CATEGORY_IN_USE,
  categoryFormSchema,
  categoryTextsSchema,
  categoryTree,
  categoryVersion,
  deleteCategory,
  saveCategory,
  saveCategoryPositions,
  saveCategoryTexts,
  type AdminCategory,
  type CategoryForm,
} from './categories.service';

export const CATEGORIES_PATH = '/admin/kategorie';
const ID = ':id{[0-9]{1,10}}';

const NOTICES = {
  ulozena: msg('Kategória je uložená.'),
  poradie: msg('Poradie je uložené.'),
  zmazana: msg('Kategória je zmazaná.'),
};

/**
 * Whether the member may change more than a category's texts: admins. Creating, ordering and deleting
 * are admin-only paths in the section table (server/admin/sections.ts); on a category's own form an
 * editor's save takes the texts and nothing else.
 */
const mayStructure = (c: Context<AdminEnv>) => c.get('staff')?.role === 'ROLE_ADMIN';

const formValues = (row: AdminCategory | null): Record<string, string> =>
  row
    ? {
        name: row.name,
        description: row.description ?? '',
        slug: row.slug,
        type: row.type,
        parent: row.parentId === null ? '' : String(row.parentId),
        position: String(row.position),
        visible: row.visible ? '1' : '',
        visibleMenu: row.visibleMenu ? '1' : '',
        visibleChildren: row.visibleChildren ? '1' : '',
        version: categoryVersion(row),
      }
    : { type: 'product', position: '0', visible: '1', visibleMenu: '1', visibleChildren: '1', version: '' };

/**
 * /admin/kategorie: the tree with position numbers, and a category's form. The section is open to
 * editors (server/admin/sections.ts); what they may change is decided here on the server, and the
 * form shows them only the texts. Creating, moving, the tree's order and deleting are for admins.
 */
export function categoriesAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  const treePage = (c: Context<AdminEnv>, state: { formError?: string; status?: ContentfulStatusCode } = {}) => {
    const i18n = c.get('i18n');
    return render(
      c,
      'categories',
      { tree: categoryTree(c.get('deps').db), admin: mayStructure(c), notice: noticeOf(c, NOTICES), formError: state.formError ?? null, shopLink: categoryUrl },
      { title: i18n._('Kategórie'), status: state.status },
    );
  };

  const formPage = (
    c: Context<AdminEnv>,
    row: AdminCategory | null,
    state: {
      values?: Record<string, string>;
      errors?: Record<string, string>;
      formError?: string;
      status?: ContentfulStatusCode;
      texts?: { values: LocaleTextValues; errors?: LocaleTextErrors };
    } = {},
  ) => {
    const i18n = c.get('i18n');
    const tree = categoryTree(c.get('deps').db).filter((t) => !row || !t.path.startsWith(row.path));
    return render(
      c,
      'category',
      {
        category: row,
        admin: mayStructure(c),
        values: state.values ?? formValues(row),
        texts: CATEGORY_LOCALE_TEXTS.view(i18n, c.get('deps').db, row?.id ?? null, state.texts, mayStructure(c)),
        errors: state.errors ?? {},
        formError: state.formError ?? null,
        notice: noticeOf(c, NOTICES),
        action: row ? `${CATEGORIES_PATH}/${row.id}` : `${CATEGORIES_PATH}/nova`,
        shopLink: row ? categoryUrl(row.slug) : null,
        typeOptions: [
          ['product', i18n._('Produkty')],
          ['blog', i18n._('Blog')],
        ],
        parentOptions: [['', i18n._('Žiadna (hlavná kategória)')], ...tree.map((t) => [String(t.id), `${'\u00a0\u00a0'.repeat(t.depth)}${t.name}`])],
      },
      { title: row ? i18n._('Kategória {name}', { name: row.name }) : i18n._('Nová kategória'), status: state.status },
    );
  };

  const find = (c: Context<AdminEnv>): AdminCategory => {
    const row = adminCategory(c.get('deps').db, Number(c.req.param('id')));
    if (!row) throw new NotFoundError(msg('Kategória neexistuje'));
    return row;
  };


  app.get(CATEGORIES_PATH, (c) => treePage(c));
  app.get(`${CATEGORIES_PATH}/nova`, (c) => formPage(c, null));
  app.get(`${CATEGORIES_PATH}/${ID}`, (c) => formPage(c, find(c)));

  const save = async (c: Context<AdminEnv>, row: AdminCategory | null) => {
    const i18n = c.get('i18n');
    const fields = await formFields(c);
    const { db, clock } = c.get('deps');
    const admin = mayStructure(c);
    // An editor's form carries the texts only; anything else sent is ignored, the row's values stay.
    const checked = admin ? checkForm(categoryFormSchema, fields, i18n) : checkForm(categoryTextsSchema, fields, i18n);
    const shown = admin ? fields : { ...formValues(row), name: fields.name ?? '', description: fields.description ?? '', version: fields.version ?? '' };
    const posted = CATEGORY_LOCALE_TEXTS.posted(fields);
    const textsChecked = CATEGORY_LOCALE_TEXTS.check(posted, i18n);
    const texts = { values: posted, errors: textsChecked.ok ? {} : textsChecked.errors };
    if (!checked.ok || !textsChecked.ok) return formPage(c, row, { values: shown, errors: checked.ok ? {} : checked.errors, texts, status: 400 });
    const result = admin
      ? saveCategory(db, actorOf(c), clock.now(), row?.id ?? null, checked.data as CategoryForm, textsChecked.data)
      : saveCategoryTexts(db, actorOf(c), clock.now(), row!.id, checked.data, textsChecked.data);
    if (!result.ok) {
      if ('conflict' in result) return formPage(c, row, { values: shown, formError: i18n._(CATEGORY_CHANGED), texts, status: 409 });
      if ('textErrors' in result) return formPage(c, row, { values: shown, texts: { values: posted, errors: translatedTextErrors(i18n, result.textErrors) }, status: 400 });
      const errors = Object.fromEntries(Object.entries(result.errors).map(([k, m]) => [k, i18n._(m)]));
      return formPage(c, row, { values: shown, errors, formError: errors._form, texts, status: 400 });
    }
    return c.redirect(`${CATEGORIES_PATH}/${result.id}?ok=ulozena`, 303);
  };

  app.post(`${CATEGORIES_PATH}/nova`, (c) => save(c, null));
  app.post(`${CATEGORIES_PATH}/${ID}`, (c) => save(c, find(c)));

  app.post(`${CATEGORIES_PATH}/poradie`, async (c) => {
    const body = await readBody(c);
    const positions = new Map<number, number>();
    for (const [name, value] of Object.entries(body)) {
      const id = /^pos_(\d{1,10})$/.exec(name)?.[1];
      if (id && typeof value === 'string' && /^\d{1,6}$/.test(value.trim())) positions.set(Number(id), Number(value.trim()));
    }
    const { db, clock } = c.get('deps');
    saveCategoryPositions(db, actorOf(c), clock.now(), positions);
    return c.redirect(`${CATEGORIES_PATH}?ok=poradie`, 303);
  });

  app.post(`${CATEGORIES_PATH}/zmazat/${ID}`, (c) => {
    const row = find(c);
    const { db, clock } = c.get('deps');
    const result = deleteCategory(db, actorOf(c), clock.now(), row.id);
    if (result === 'in-use') return formPage(c, row, { formError: c.get('i18n')._(CATEGORY_IN_USE), status: 409 });
    return c.redirect(`${CATEGORIES_PATH}?ok=zmazana`, 303);
  });

  return app;
}

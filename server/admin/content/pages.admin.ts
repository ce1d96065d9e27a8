import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ShopContext } from '../../http/env';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import type { Renderer } from '../../render/renderer';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { CHANGED_MEANWHILE, listFilterSchema, PAGE_FIELDS, PAGE_TEXT_FIELDS, pageSchema, pageTextsSchema, postedValues, SLUG_TAKEN } from './content.schemas';
import { checkLocaleTexts, localeTextValues, localeTextsView, postedLocaleTexts, type LocaleTextErrors, type LocaleTextValues } from '../locale-texts';
import { editorView, listQuery } from './guides.admin';
import { pageList, pageVersion, savePage, storedPage, type StoredPage } from './pages.service';
import { previewJson, removedFromQuery, removedTexts, removedToQuery, renderPagePreview } from './preview';
import { sanitizeWithReport, type Removed } from './removed';

export const PAGES_PATH = '/admin/stranky';
const PREVIEW_PATH = `${PAGES_PATH}/nahlad`;
const NOTICES = { saved: msg('Stránka je uložená.'), created: msg('Stránka je vytvorená.') };

/**
 * /admin/stranky: static pages (terms, contact, …) for admins and editors: a list, and a form whose
 * body goes through the same editor, sanitiser and preview as a guide's (templates/pages/static/post.eta).
 * A page belongs to one shop or to both (a shop's own wins over a shared one at the same address).
 */
export function pagesAdmin(render: AdminRender, shopRender: Renderer, shops: () => ShopContext[]) {
  const app = new Hono<AdminEnv>();
  const codeOf = (shopId: number | null) => shops().find((s) => s.id === shopId)?.code ?? '';
  const idOf = (code: string) => shops().find((s) => s.code === code)?.id ?? null;

  app.get(PAGES_PATH, (c) => {
    const i18n = c.get('i18n');
    const checked = checkForm(listFilterSchema, c.req.query(), i18n);
    const filter = checked.ok ? checked.data : { q: '', strana: 1 };
    return render(
      c,
      'pages',
      { values: filter, errors: checked.ok ? {} : checked.errors, list: pageList(c.get('deps').db, filter), shopName: (id: number | null) => shops().find((s) => s.id === id)?.name ?? i18n._('Oba obchody'), pageLink: (page: number) => `${PAGES_PATH}${listQuery(filter, page)}` },
      { title: i18n._('Stránky'), status: checked.ok ? 200 : 400 },
    );
  });

  const formPage = (c: Context<AdminEnv>, page: StoredPage | null, state: { values?: Record<string, string>; errors?: Record<string, string>; texts?: LocaleTextValues; textErrors?: LocaleTextErrors; removed?: Removed[]; status?: ContentfulStatusCode; formError?: string } = {}) => {
    const i18n = c.get('i18n');
    const values = state.values ?? (page ? { title: page.title, slug: page.slug, shop: codeOf(page.shopId), body: page.body, visible: page.visible ? 'on' : '', version: pageVersion(page) } : { title: '', slug: '', shop: '', body: '', visible: 'on', version: '' });
    return render(
      c,
      'page',
      {
        page,
        values,
        errors: state.errors ?? {},
        formError: state.formError ?? null,
        notice: noticeOf(c, NOTICES),
        removed: removedTexts(c, state.removed ?? removedFromQuery(c.req.query('odstranene'))),
        action: page ? `${PAGES_PATH}/${page.id}` : `${PAGES_PATH}/nova`,
        shopUrl: page?.visible ? `/${page.slug}` : null,
        shopOptions: [['', i18n._('Oba obchody')], ...shops().map((s) => [s.code, s.name])],
        editor: editorView(PREVIEW_PATH),
        texts: localeTextsView(
          [
            { name: 'title', label: i18n._('Názov'), kind: 'text' },
            { name: 'slug', label: i18n._('Adresa (slug)'), kind: 'text' },
            { name: 'body', label: i18n._('Text stránky (HTML)'), kind: 'html' },
          ],
          state.texts ?? localeTextValues(page?.texts ?? {}, PAGE_TEXT_FIELDS),
          state.textErrors,
        ),
      },
      { title: page ? i18n._('Stránka: {title}', { title: page.title }) : i18n._('Nová stránka'), status: state.status },
    );
  };

  const pageOf = (c: Context<AdminEnv>) => {
    const page = storedPage(c.get('deps').db, Number(c.req.param('id')));
    if (!page) throw new NotFoundError();
    return page;
  };

  const save = async (c: Context<AdminEnv>, page: StoredPage | null) => {
    const i18n = c.get('i18n');
    const posted = await formFields(c);
    const values = postedValues(posted, PAGE_FIELDS);
    const checked = checkForm(pageSchema, values, i18n);
    const texts = postedLocaleTexts(posted, PAGE_TEXT_FIELDS);
    const checkedTexts = checkLocaleTexts(pageTextsSchema, texts, i18n);
    const refuse = (errors: Record<string, string>, formError?: string, status: ContentfulStatusCode = 400, textErrors?: LocaleTextErrors) =>
      formPage(c, page, { values, errors, texts, textErrors: textErrors ?? (checkedTexts.ok ? {} : checkedTexts.errors), formError, removed: sanitizeWithReport(values.body).removed, status });
    if (!checked.ok || !checkedTexts.ok) return refuse(checked.ok ? {} : checked.errors);
    const { db, clock } = c.get('deps');
    const result = savePage(db, actorOf(c), clock.now(), page?.id ?? null, checked.data, idOf(checked.data.shop), checkedTexts.data as never);
    if (!result.ok) {
      if (result.reason === 'textSlug') return refuse({}, undefined, 400, { [result.locale]: { slug: i18n._(SLUG_TAKEN) } });
      if (result.reason === 'slug') return refuse({ slug: i18n._(SLUG_TAKEN) });
      if (result.reason === 'gone') throw new NotFoundError();
      return refuse({}, i18n._(CHANGED_MEANWHILE), 409);
    }
    const removed = removedToQuery(result.removed);
    return c.redirect(`${PAGES_PATH}/${result.id}?ok=${page ? 'saved' : 'created'}${removed ? `&odstranene=${encodeURIComponent(removed)}` : ''}`, 303);
  };

  app.get(`${PAGES_PATH}/nova`, (c) => formPage(c, null));
  app.post(`${PAGES_PATH}/nova`, (c) => save(c, null));
  app.get(`${PAGES_PATH}/:id{[0-9]{1,9}}`, (c) => formPage(c, pageOf(c)));
  app.post(`${PAGES_PATH}/:id{[0-9]{1,9}}`, (c) => save(c, pageOf(c)));

  /** The page as the shop draws it; JSON ({ html, removed }) for the editor's script. */
  app.post(PREVIEW_PATH, async (c) => {
    const posted = await formFields(c);
    const { clean, removed } = sanitizeWithReport((posted.body ?? '').slice(0, 200_000));
    const page = renderPagePreview(shopRender, c, { id: 0, title: (posted.title ?? '').slice(0, 200), slug: /^[a-z0-9-]{1,200}$/.test(posted.slug ?? '') ? posted.slug : 'nahlad', body: clean });
    if (!(c.req.header('accept') ?? '').includes('application/json')) return page;
    return previewJson(c, page, removed);
  });

  return app;
}

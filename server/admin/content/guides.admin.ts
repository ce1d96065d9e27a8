import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { readBody } from '../../http/body';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import type { Renderer } from '../../render/renderer';
import { blogImageUrl } from '../../catalog/urls';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { CHOOSE, checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { shopDay, typedDay } from '../shop-days';
import { CHANGED_MEANWHILE, GUIDE_FIELDS, GUIDE_TEXT_FIELDS, guideSchema, guideTextsSchema, listFilterSchema, postedValues, SLUG_TAKEN, type ListFilter } from './content.schemas';
import { checkLocaleTexts, localeTextValues, localeTextsView, postedLocaleTexts, type LocaleTextErrors, type LocaleTextField, type LocaleTextValues } from '../locale-texts';
import type { I18n } from '@lingui/core';
import { blogCategoryOptions, guidePage, guideVersion, isBlogCategory, saveGuide, storedGuide, type StoredGuide } from './guides.service';
import { chosenFile, storeImage } from './images';
import { previewJson, removedFromQuery, removedTexts, removedToQuery, renderGuidePreview } from './preview';
import { sanitizeWithReport, type Removed } from './removed';
import { editorWidgetTags, widgetSnippet } from './widget-tags';

export const GUIDES_PATH = '/admin/navody';
export const GUIDE_PREVIEW_PATH = `${GUIDES_PATH}/nahlad`;

const NOTICES = { saved: msg('Návod je uložený.'), created: msg('Návod je vytvorený.') };

export const listQuery = (filter: ListFilter, page?: number) => {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (page && page > 1) params.set('strana', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The guide's per-language fields (templates/admin/_locale-texts.eta). */
const guideTextFields = (i18n: I18n): LocaleTextField[] => [
  { name: 'title', label: i18n._('Názov'), kind: 'text' },
  { name: 'slug', label: i18n._('Adresa (slug)'), kind: 'text' },
  { name: 'short', label: i18n._('Perex'), kind: 'textarea' },
  { name: 'body', label: i18n._('Text návodu (HTML)'), kind: 'html' },
];

/** What the editor partial (templates/admin/guide-editor.eta) needs besides the field's value. */
export function editorView(previewUrl: string) {
  const tags = editorWidgetTags().map((t) => ({ ...t, snippet: widgetSnippet(t) }));
  return { tags, previewUrl };
}

/** The posted form's fields and its image part (multipart; a plain urlencoded post has no file). */
async function postedForm(c: Context<AdminEnv>) {
  const body = await readBody(c, { files: true });
  const posted: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string' && name !== '_csrf') posted[name] = value;
  return { posted, image: chosenFile(body.image) };
}

/**
 * /admin/navody: guides ("návody") for admins and editors. A list found by title or address, paged
 * on the server; a form (title, address, teaser, category, image, HTML body, published and when,
 * how it is obtained) that saves the body through the shop's sanitiser and says what it removed; a
 * preview (/admin/navody/nahlad) drawn by the shop's own renderer and guide template.
 */
export function guidesAdmin(render: AdminRender, shopRender: Renderer, uploadsDir: string) {
  const app = new Hono<AdminEnv>();

  app.get(GUIDES_PATH, (c) => {
    const i18n = c.get('i18n');
    const checked = checkForm(listFilterSchema, c.req.query(), i18n);
    const filter = checked.ok ? checked.data : { q: '', strana: 1 };
    const list = guidePage(c.get('deps').db, filter);
    return render(
      c,
      'guides',
      { values: filter, errors: checked.ok ? {} : checked.errors, list, pageLink: (page: number) => `${GUIDES_PATH}${listQuery(filter, page)}` },
      { title: i18n._('Návody'), status: checked.ok ? 200 : 400 },
    );
  });

  const formPage = (
    c: Context<AdminEnv>,
    guide: StoredGuide | null,
    state: { values?: Record<string, string>; errors?: Record<string, string>; texts?: LocaleTextValues; textErrors?: LocaleTextErrors; removed?: Removed[]; status?: ContentfulStatusCode; formError?: string } = {},
  ) => {
    const i18n = c.get('i18n');
    const db = c.get('deps').db;
    const values =
      state.values ??
      (guide
        ? {
            title: guide.title,
            slug: guide.slug,
            short: guide.short,
            categoryId: String(guide.categoryId),
            body: guide.body,
            visible: guide.visible ? 'on' : '',
            publishedAt: shopDay(guide.publishedAt),
            obtainMode: guide.obtainMode,
            obtainPrice: guide.obtainPrice === null ? '' : String(guide.obtainPrice),
            version: guideVersion(guide),
          }
        : { title: '', slug: '', short: '', categoryId: '', body: '', visible: 'on', publishedAt: shopDay(c.get('deps').clock.now().getTime()), obtainMode: 'free', obtainPrice: '', version: '' });
    const categories = blogCategoryOptions(db);
    const category = guide ? categories.find((k) => k.id === guide.categoryId) : undefined;
    return render(
      c,
      'guide',
      {
        guide,
        values,
        errors: state.errors ?? {},
        formError: state.formError ?? null,
        notice: noticeOf(c, NOTICES),
        removed: removedTexts(c, state.removed ?? removedFromQuery(c.req.query('odstranene'))),
        action: guide ? `${GUIDES_PATH}/${guide.id}` : `${GUIDES_PATH}/novy`,
        imageUrl: guide?.image ? blogImageUrl(guide.image) : null,
        shopUrl: guide && category && guide.visible ? `/navody-inspiracie/${category.slug}/${guide.slug}` : null,
        categoryOptions: [['', i18n._('Vyberte kategóriu')], ...categories.map((k) => [String(k.id), k.name])],
        obtainOptions: [
          ['free', i18n._('Zadarmo')],
          ['points', i18n._('Za body')],
          ['purchase', i18n._('Kúpiť')],
        ],
        editor: editorView(GUIDE_PREVIEW_PATH),
        texts: localeTextsView(guideTextFields(i18n), state.texts ?? localeTextValues(guide?.texts ?? {}, GUIDE_TEXT_FIELDS), state.textErrors),
      },
      { title: guide ? i18n._('Návod: {title}', { title: guide.title }) : i18n._('Nový návod'), status: state.status },
    );
  };

  const guideOf = (c: Context<AdminEnv>) => {
    const guide = storedGuide(c.get('deps').db, Number(c.req.param('id')));
    if (!guide) throw new NotFoundError();
    return guide;
  };

  const save = async (c: Context<AdminEnv>, guide: StoredGuide | null) => {
    const i18n = c.get('i18n');
    const { db, clock } = c.get('deps');
    const { posted, image } = await postedForm(c);
    const values = postedValues(posted, GUIDE_FIELDS);
    const checked = checkForm(guideSchema, values, i18n);
    const texts = postedLocaleTexts(posted, GUIDE_TEXT_FIELDS);
    const checkedTexts = checkLocaleTexts(guideTextsSchema, texts, i18n);
    const refuse = (errors: Record<string, string>, formError?: string, status: ContentfulStatusCode = 400, textErrors?: LocaleTextErrors) =>
      formPage(c, guide, { values, errors, texts, textErrors: textErrors ?? (checkedTexts.ok ? {} : checkedTexts.errors), formError, removed: sanitizeWithReport(values.body).removed, status });
    if (!checked.ok || !checkedTexts.ok) return refuse(checked.ok ? {} : checked.errors);
    let file: string | undefined;
    if (image) {
      const stored = await storeImage(uploadsDir, image);
      if (!stored.ok) return refuse({ image: i18n._(stored.message, stored.values) });
      file = stored.file;
    }
    const result = saveGuide(db, actorOf(c), clock.now(), guide?.id ?? null, checked.data, file, checkedTexts.data as never);
    if (!result.ok) {
      if (result.reason === 'textSlug') return refuse({}, undefined, 400, { [result.locale]: { slug: i18n._(SLUG_TAKEN) } });
      if (result.reason === 'slug') return refuse({ slug: i18n._(SLUG_TAKEN) });
      if (result.reason === 'category') return refuse({ categoryId: i18n._(CHOOSE) });
      if (result.reason === 'gone') throw new NotFoundError();
      return refuse({}, i18n._(CHANGED_MEANWHILE), 409);
    }
    const removed = removedToQuery(result.removed);
    return c.redirect(`${GUIDES_PATH}/${result.id}?ok=${guide ? 'saved' : 'created'}${removed ? `&odstranene=${encodeURIComponent(removed)}` : ''}`, 303);
  };

  app.get(`${GUIDES_PATH}/novy`, (c) => formPage(c, null));
  app.post(`${GUIDES_PATH}/novy`, (c) => save(c, null));
  app.get(`${GUIDES_PATH}/:id{[0-9]{1,9}}`, (c) => formPage(c, guideOf(c)));
  app.post(`${GUIDES_PATH}/:id{[0-9]{1,9}}`, (c) => save(c, guideOf(c)));

  /**
   * The preview: the posted form drawn as the shop will draw it once saved. A plain form post (the
   * form's "Náhľad" button, into the frame beside it) gets the page; the editor's script asks with
   * Accept: application/json and gets { html, removed } to list what saving would remove.
   */
  app.post(GUIDE_PREVIEW_PATH, async (c) => {
    const db = c.get('deps').db;
    const posted = await formFields(c);
    const { clean, removed } = sanitizeWithReport((posted.body ?? '').slice(0, 200_000));
    const categories = blogCategoryOptions(db);
    const chosen = Number(posted.categoryId);
    const known = Number.isInteger(chosen) && chosen > 0 ? isBlogCategory(db, chosen) : null;
    const fallback = categories[0] ? isBlogCategory(db, categories[0].id) : null;
    const category = known ?? fallback ?? { slug: 'navody', name: '', path: '/' };
    const existing = /^\d{1,9}$/.test(posted.id ?? '') ? storedGuide(db, Number(posted.id)) : null;
    const typed = /^\d{4}-\d{2}-\d{2}$/.test(posted.publishedAt ?? '') ? typedDay(posted.publishedAt) : null;
    const day = typed ? new Date(typed.from) : c.get('deps').clock.now();
    const mode = posted.obtainMode === 'points' || posted.obtainMode === 'purchase' ? posted.obtainMode : 'free';
    const price = /^\d{1,9}$/.test(posted.obtainPrice ?? '') ? Number(posted.obtainPrice) : null;
    const page = renderGuidePreview(shopRender, c, {
      id: existing?.id ?? 0,
      title: (posted.title ?? '').slice(0, 200),
      slug: /^[a-z0-9-]{1,200}$/.test(posted.slug ?? '') ? posted.slug : '',
      image: existing?.image ? blogImageUrl(existing.image) : null,
      short: (posted.short ?? '').slice(0, 2000),
      body: clean,
      category,
      publishedAt: Number.isNaN(day.getTime()) ? c.get('deps').clock.now() : day,
      obtainMode: mode,
      obtainPrice: price,
    });
    if (!(c.req.header('accept') ?? '').includes('application/json')) return page;
    return previewJson(c, page, removed);
  });

  return app;
}

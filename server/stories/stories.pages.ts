import { readFile } from 'node:fs/promises';
import { isWholesale } from '../accounts/wholesale';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { requireRole } from '../accounts/roles';
import { fieldErrors } from '../accounts/accounts.schemas';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { NotFoundError, ProblemError, ValidationError } from '../http/problem';
import type { Render } from '../render/renderer';
import { dropUpload, storeUpload } from '../sellers/seller-account.service';
import { MAX_PRODUCT_IMAGE_BYTES, PRODUCT_IMAGE_LIMIT } from '../sellers/seller-limits';
import { filePart, productPicture } from '../sellers/seller-images';
import { FIX_FIELDS, MAX_BODY, MAX_TITLE, STORY_MISSING, STORY_SAVED, STORY_SUBMITTED, storySchema } from './stories.schemas';
import {
  authorStories,
  authorStory,
  countStoryView,
  lockOf,
  publicStory,
  saveStory,
  STORED_STORY,
  storyImageDir,
  storyImageUrl,
  storyProductCards,
  storyUrl,
  type AuthorStory,
} from './stories.service';

export const AUTHOR_HOME = '/moje/raketak';
const NEW = `${AUTHOR_HOME}/novy`;

type FormState = { values: Record<string, string>; errors: Record<string, string>; detail: string } | null;

const keptValues = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([k, v]) => k !== '_csrf' && typeof v === 'string').map(([k, v]) => [k, String(v).slice(0, 5000)]));

/** A 1×1 transparent GIF: the view beacon's answer. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Rakeťák (issue 21, docs/decisions/245). The author's pages under /moje/raketak (ROLE_STORY, checked
 * here for every route as well as by the account guards): a list with status, refusal reason and
 * views, and one plain multipart form (works without JavaScript) to write, save and submit. The
 * public story page /pribehy/{slug} is shared by every shopper (HTTP caches, catalogue version); its
 * views are counted by a no-store 1×1 image it carries, so counting never makes the page private.
 */
export function storiesPages(render: Render) {
  const app = new Hono<AppEnv>();
  const author = requireRole('ROLE_STORY');
  app.use(AUTHOR_HOME, author);
  app.use(`${AUTHOR_HOME}/*`, author);

  const userOf = (c: Context<AppEnv>) => c.get('session').userId!;
  const tr = (c: Context<AppEnv>, errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, c.get('i18n')._(v)]));

  app.get(AUTHOR_HOME, (c) => {
    const i18n = c.get('i18n');
    const done = c.req.query('ok');
    return render(
      c,
      'pages/stories/author-list',
      {
        stories: authorStories(c.get('deps').db, userOf(c)).map((s) => ({ ...s, image: s.image ? storyImageUrl(s.image) : null, url: storyUrl(s.slug) })),
        notice: done === 'odoslany' ? i18n._(STORY_SUBMITTED) : done === 'ulozeny' ? i18n._(STORY_SAVED) : null,
      },
      { title: i18n._('Rakeťák'), noStore: true },
    );
  });

  const formPage = (c: Context<AppEnv>, story: AuthorStory | null, form: FormState = null, status: 200 | 400 | 409 = 200) => {
    const i18n = c.get('i18n');
    const lock = story ? lockOf(story.status) : null;
    return render(
      c,
      'pages/stories/author-form',
      {
        story: story && { ...story, image: story.image ? storyImageUrl(story.image) : null },
        action: story ? `${AUTHOR_HOME}/${story.id}` : NEW,
        values: form?.values ?? { title: story?.title ?? '', body: story?.body ?? '', products: story?.products ?? '' },
        errors: form ? tr(c, form.errors) : {},
        detail: form ? i18n._(form.detail) : null,
        locked: lock ? i18n._(lock) : null,
        maxBytes: MAX_PRODUCT_IMAGE_BYTES,
        maxTitle: MAX_TITLE,
        maxBody: MAX_BODY,
      },
      { title: story ? story.title : i18n._('Nový príbeh'), noStore: true, status },
    );
  };

  /** Reads, checks (schema, then the picture by its content) and saves; the refusal redraws the form. */
  const save = async (c: Context<AppEnv>, id: number | null) => {
    const { db, config, clock } = c.get('deps');
    const before = id === null ? null : authorStory(db, userOf(c), id);
    const fields = await readBody(c, { files: true });
    const dir = storyImageDir(config.uploadsDir);
    let stored: string | null = null;
    try {
      const parsed = storySchema.safeParse(fields);
      const errors = parsed.success ? {} : fieldErrors(parsed.error);
      let picture: Buffer | null = null;
      try {
        const file = filePart(fields.image, 'image', PRODUCT_IMAGE_LIMIT);
        if (file) picture = await productPicture(file);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        Object.assign(errors, error.errors);
      }
      if (!parsed.success || Object.keys(errors).length) throw new ValidationError(errors, FIX_FIELDS);
      stored = picture ? await storeUpload(dir, picture, 'jpg') : null;
      const saved = saveStory(db, clock, userOf(c), id, parsed.data, stored);
      await dropUpload(dir, saved.replaced);
      return c.redirect(`${AUTHOR_HOME}?ok=${saved.status === 'pending' ? 'odoslany' : 'ulozeny'}#pribeh-${saved.id}`, 303);
    } catch (error) {
      await dropUpload(dir, stored);
      if (!(error instanceof ProblemError) || (error.status !== 400 && error.status !== 409)) throw error;
      return formPage(c, before, { values: keptValues(fields), errors: error.errors ?? {}, detail: error.detail }, error.status as 400 | 409);
    }
  };

  const idOf = (c: Context<AppEnv>) => {
    const raw = c.req.param('id') ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw)) throw new NotFoundError(STORY_MISSING);
    return Number(raw);
  };

  app.get(NEW, (c) => formPage(c, null));
  app.post(NEW, (c) => save(c, null));
  app.get(`${AUTHOR_HOME}/:id`, (c) => formPage(c, authorStory(c.get('deps').db, userOf(c), idOf(c))));
  app.post(`${AUTHOR_HOME}/:id`, (c) => save(c, idOf(c)));

  // The public story page: the same for every shopper of one shop, locale and price role.
  app.get('/pribehy/:slug{[a-z0-9-]{1,120}}', (c) => {
    const slug = c.req.param('slug');
    const story = publicStory(c.get('deps').db, slug);
    if (!story) throw new NotFoundError(STORY_MISSING);
    const products = storyProductCards(c.get('deps').db, story.id, c.get('shop').id, isWholesale(c));
    const lead = story.body.split('\n').find((l) => l.trim()) ?? '';
    return render(c, 'pages/stories/story', { story, products, beacon: `${storyUrl(slug)}/zobrazenie.gif` }, {
      title: story.title,
      description: lead.slice(0, 160),
      canonicalPath: storyUrl(slug),
      shared: true,
    });
  });

  // The view beacon: never cached, so every opening of the (cached) page counts once.
  app.get('/pribehy/:slug{[a-z0-9-]{1,120}}/zobrazenie.gif', (c) => {
    countStoryView(c.get('deps').db, c.req.param('slug'));
    return c.body(new Uint8Array(PIXEL), 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  });

  return app;
}

/** Story pictures: random immutable names, so a year's cache; mounted before the shop's middleware like the other images. */
export function storyImageFiles(uploadsDir: string) {
  const app = new Hono();
  app.get('/data/story/image/:file{[A-Za-z0-9_-]{22}\\.jpg}', async (c, next) => {
    const file = c.req.param('file');
    if (!STORED_STORY.test(file)) return next();
    const bytes = await readFile(join(storyImageDir(uploadsDir), file)).catch(() => null);
    if (!bytes) return next();
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' });
  });
  return app;
}

import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { perDatabase } from '../db/prepared';
import type { Db } from '../db/client';
import { banners } from '../db/schema';
import { contentTextSql } from '../catalog/content-texts';
import { SOURCE_LOCALE, type Locale } from '../i18n/locales';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { catalogView } from '../catalog/catalog-views';

export type BannerSize = 'mobile' | 'pc';
export const BANNER_SIZES: readonly BannerSize[] = ['mobile', 'pc'];

/** Pixel boxes the demo images are drawn in and the carousel reserves (no layout shift). */
export const BANNER_BOX: Record<BannerSize, { width: number; height: number }> = {
  pc: { width: 1200, height: 300 },
  mobile: { width: 600, height: 300 },
};

/**
 * The spec's Banner entity: url, ecommerce, size, file { path, name }; plus id, name, alt and its copy
 * (headline, text, call-to-action label; '' when none), shown as text over the drawn image.
 */
export interface Banner {
  id: number;
  name: string;
  url: string;
  ecommerce: Record<string, unknown> | null;
  size: BannerSize;
  alt: string;
  headline: string;
  text: string;
  cta: string;
  file: { path: string; name: string };
}

/** The shopper-facing texts of a banner that may state the free-shipping limit (FREE_SHIPPING_TOKEN). */
export const BANNER_TEXT_FIELDS = ['alt', 'headline', 'text', 'cta'] as const;

/** The columns, the alt and copy in `locale` (a value or placeholder) with the Slovak ones as fallback (docs/decisions/249). */
const columnsIn = (locale: unknown) => ({
  id: banners.id,
  name: banners.name,
  url: banners.url,
  ecommerce: banners.ecommerce,
  size: banners.size,
  alt: contentTextSql('banner', 'alt', banners.id, banners.alt, locale),
  headline: contentTextSql('banner', 'headline', banners.id, banners.headline, locale),
  text: contentTextSql('banner', 'text', banners.id, banners.text, locale),
  cta: contentTextSql('banner', 'cta', banners.id, banners.cta, locale),
  filePath: banners.filePath,
  fileName: banners.fileName,
});

type Row = { id: number; name: string; url: string; ecommerce: Record<string, unknown> | null; size: BannerSize; alt: string; headline: string; text: string; cta: string; filePath: string; fileName: string };

// Object.assign onto the rest, not `{ ...rest, file }`: V8 gives each such spread-and-add object a hidden class of its own (decision 276).
const toBanner = ({ filePath, fileName, ...rest }: Row): Banner => Object.assign(rest, { file: { path: filePath, name: fileName } });

/** A shop's visible banners and the shared ones (shop_id null). */
const ofShop = (shopId: number | ReturnType<typeof sql.placeholder>, now: number | ReturnType<typeof sql.placeholder>) =>
  and(eq(banners.visible, true), or(eq(banners.shopId, shopId), isNull(banners.shopId)), sql`coalesce(${banners.validFrom}, 0) <= ${now} and coalesce(${banners.validTo}, 9e15) > ${now}`);

/**
 * Prepared once per database: the home page lists banners on every view, and building and
 * preparing the query each time cost ~190 µs of it (in process, 10k products).
 */
const listStatements = perDatabase((db: Db) => {
  const shop = sql.placeholder('shop');
  const list = (where: SQL | undefined) => db.select(columnsIn(sql.placeholder('locale'))).from(banners).where(where).orderBy(asc(banners.position), asc(banners.id)).prepare();
  return {
    all: list(ofShop(shop, sql.placeholder('now'))),
    sized: list(and(ofShop(shop, sql.placeholder('now')), eq(banners.size, sql.placeholder('size')))),
  };
});

/** The banners shown at `now` (ms, the app's clock): visible, of the shop or shared, inside their window. */
export function listBanners(db: Db, shopId: number, now: number, size?: BannerSize, locale: Locale = SOURCE_LOCALE): Banner[] {
  const statements = listStatements(db);
  const rows = size ? statements.sized.all({ shop: shopId, size, locale, now }) : statements.all.all({ shop: shopId, locale, now });
  return rows.map(toBanner);
}

export function bannerById(db: Db, shopId: number, id: number, now: number, locale: Locale = SOURCE_LOCALE): Banner | null {
  const row = db.select(columnsIn(locale)).from(banners).where(and(ofShop(shopId, now), eq(banners.id, id))).get();
  return row ? toBanner(row) : null;
}

/**
 * The images of a banner's campaign: banners of one shop sharing a name are one campaign drawn per
 * size, so a client can build <picture> sources from this list (docs/decisions/042).
 */
export function bannerImages(db: Db, shopId: number, id: number, now: number, locale: Locale = SOURCE_LOCALE): { size: BannerSize; path: string; name: string; alt: string }[] | null {
  const banner = bannerById(db, shopId, id, now, locale);
  if (!banner) return null;
  return db
    .select(columnsIn(locale))
    .from(banners)
    .where(and(ofShop(shopId, now), eq(banners.name, banner.name)))
    .orderBy(asc(banners.size), asc(banners.position), asc(banners.id))
    .all()
    .map((r) => ({ size: r.size, path: r.filePath, name: r.fileName, alt: r.alt }));
}

/**
 * What the server fallback of the carousel draws: the first campaign with its pc and mobile image,
 * so a page without JS shows the right picture per screen through <picture> media queries.
 */
export function firstBannerPicture(
  list: Banner[],
): { url: string; alt: string; headline: string; text: string; cta: string; pc: Banner['file'] | null; mobile: Banner['file'] | null } | null {
  const pc = list.find((b) => b.size === 'pc');
  const first = pc ?? list[0];
  if (!first) return null;
  const mobile = list.find((b) => b.size === 'mobile' && b.name === first.name) ?? list.find((b) => b.size === 'mobile');
  return { url: first.url, alt: first.alt || first.name, headline: first.headline, text: first.text, cta: first.cta, pc: pc?.file ?? null, mobile: mobile?.file ?? null };
}

/** What a page passes to templates/partials/banner-carousel.eta. */
export function bannerSlot(db: Db, shopId: number, now: number, fill: (list: Banner[]) => Banner[] = (list) => list, locale: Locale = SOURCE_LOCALE) {
  const list = fill(listBanners(db, shopId, now, undefined, locale));
  return { banners: list, bannerFallback: firstBannerPicture(list) };
}

const edgeStatements = perDatabase((db: Db) =>
  db.$client.prepare<[], number>('SELECT valid_from FROM banners WHERE valid_from IS NOT NULL UNION SELECT valid_to FROM banners WHERE valid_to IS NOT NULL').pluck(),
);

/**
 * How many banner window edges (valid_from, valid_to) the app's clock has passed, the edges read
 * once per catalogue version. Which banners show changes with it and with the version alone: the
 * home's kept part and every shared page's validator (http-cache.ts) key on both.
 */
export function bannerEdgesPassed(c: Context<AppEnv>, now = c.get('deps').clock.now().getTime()): number {
  const edges = catalogView({ db: c.get('deps').db, version: c.get('catalogVersion') }, 'banner-edges', () => edgeStatements(c.get('deps').db).all(), (list) => 64 + list.length * 8);
  return edges.filter((edge) => edge <= now).length;
}

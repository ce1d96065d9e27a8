import type { Db } from '../db/client';
import { catalogView, categoryIndex } from '../catalog/catalog-views';
import { SOURCE_LOCALE, type Locale } from '../i18n/locales';
import { categorySlug, categoryTextJoins, guideShort, guideSlug, guideTextJoins, guideTitle, langKey, productIdBySlug, langParams, productDescription, productName, productSlug, productTextJoins, SLOVAK, type CatalogueLang } from '../catalog/catalogue-texts';
import { offeredSql, shownSql } from '../catalog/sellable';
import { contentText } from '../catalog/content-texts';
import { blogImageUrl, guideUrl, productImageUrl, productUrl } from '../catalog/urls';
import { sellerById, type Seller } from '../sellers/seller.service';
import { priceForRole, type RolePrices } from '../catalog/product-card';
import { lowestPriceBefore, withLowestPrices } from '../catalog/price-history';
import type { GuideCard, ProductCard } from '../home/home.service';
import { listReviews, reviewSummary, REVIEW_LIMIT, type ReviewPage, type ReviewSummary } from './review.service';
import { productVideos, type ProductVideo } from './video.service';

/** A product without a price row in the current shop is not sold there: not found. Shown and offered: sellable.ts. */
export const RELATED_LIMIT = 12;
export const GUIDE_LIMIT = 8;

export interface ProductRecord {
  id: number;
  parentId: number | null;
  categoryId: number;
  sellerId: number | null;
  type: 'single' | 'set' | 'variant';
  name: string;
  slug: string;
  codePublic: string;
  description: string;
  imageFilename: string | null;
  visible: number;
  quantity: number;
  availabilityDays: number;
  inventoryStatus: string | null;
  tags: { c_type: string; c_value: string }[];
  tagsPublic: string[];
  hasVideos: boolean;
  childrenCount: number;
  variantView: 'grid' | 'list' | null;
  variantViewSetting: string | null;
  /** Minor units with VAT, B2C or B2B as asked. */
  price: number;
  priceOld: number | null;
  /** With a crossed-out price, the EU Omnibus 30-day lowest price (price-history.ts). */
  priceLowest: number | null;
  /** The consumer price, whatever the shopper's role (the price watch compares against it). */
  priceB2c: number;
  priceIsB2c: boolean;
  vatRate: number;
}

export interface GalleryImage {
  id: number;
  url: string;
  thumbnailUrl: string;
  alt: string;
  text: string;
}

export interface VariantCard extends ProductCard {
  quantity: number;
  current: boolean;
}

export interface ProductDetail {
  product: ProductRecord;
  url: string;
  images: GalleryImage[];
  seller: Seller | null;
  parent: { id: number; name: string; url: string } | null;
  variants: VariantCard[];
  /** What tells this variant apart ("Farba: červená"), set in the back office; null when unset or not a variant. */
  variantValue: { attribute: string; label: string } | null;
  /** A set's components with quantities, in order (shown ones only). */
  setComponents: { id: number; name: string; url: string; quantity: number }[];
  /**
   * The parent whose variants are listed (this product, or a variant's parent) with its own
   * variant_view and variant_view_setting; variantLayout (variant-list.ts) turns them into the default.
   */
  variantFamily: { parentId: number; variantView: 'grid' | 'list' | null; variantViewSetting: string | null };
  breadcrumb: readonly { name: string; path: string }[];
  related: ProductCard[];
  guides: GuideCard[];
  reviews: ReviewPage;
  reviewSummary: ReviewSummary;
  videos: ProductVideo[];
}

const PRODUCT_COLUMNS = `p.id, p.parent_id AS parentId, p.category_id AS categoryId, p.seller_id AS sellerId, p.type, ${productName()} AS name,
  ${productSlug()} AS slug, p.code_public AS codePublic, ${productDescription()} AS description, p.image_filename AS imageFilename, p.visible, p.quantity,
  p.availability_days AS availabilityDays, p.inventory_status AS inventoryStatus, p.tags, p.tags_public AS tagsPublic,
  p.has_videos AS hasVideos, p.children_count AS childrenCount, p.variant_view AS variantView,
  p.variant_view_setting AS variantViewSetting, pp.price_b2c AS b2c, pp.price_old_b2c AS b2cOld, pp.price_b2b AS b2b,
  pp.price_old_b2b AS b2bOld, pp.vat_rate AS vatRate`;
const CARD_COLUMNS = `p.id, ${productName()} AS name, ${productSlug()} AS slug, p.image_filename AS imageFilename, p.quantity, p.availability_days AS availabilityDays,
  pp.price_b2c AS b2c, pp.price_old_b2c AS b2cOld, pp.price_b2b AS b2b, pp.price_old_b2b AS b2bOld`;

type Raw = Record<string, unknown>;
type Stmt = { get: (...a: unknown[]) => unknown; all: (...a: unknown[]) => unknown[] };

const cache = new WeakMap<Db, Record<string, Stmt>>();

function statements(db: Db) {
  let s = cache.get(db);
  if (s) return s;
  // CROSS JOIN keeps products as the outer table: each query filters on products (id, parent,
  // category), and SQLite otherwise starts from every price row of the shop (8 ms at 10k products).
  const q = (sql: string) => db.$client.prepare(sql) as unknown as Stmt;
  s = {
    bySlug: q(`SELECT id FROM products WHERE slug = ? AND ${shownSql('')}`),
    visibleId: q(`SELECT id FROM products WHERE id = ? AND ${shownSql('')}`),
    product: q(`SELECT ${PRODUCT_COLUMNS} FROM products p CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop ${productTextJoins()}
      WHERE p.id = @id AND ${shownSql()}`),
    images: q('SELECT id, filename, alt, text FROM product_images WHERE product_id = ? ORDER BY position, id'),
    parent: q(`SELECT p.id, ${productName()} AS name, ${productSlug()} AS slug, p.variant_view AS variantView, p.variant_view_setting AS variantViewSetting
      FROM products p ${productTextJoins()} WHERE p.id = @id AND ${shownSql()}`),
    children: q(`SELECT ${CARD_COLUMNS} FROM products p CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop ${productTextJoins()}
      WHERE p.parent_id = @id AND ${shownSql()} ORDER BY p.position, p.id`),
    related: q(`SELECT ${CARD_COLUMNS} FROM products p CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop ${productTextJoins()}
      WHERE p.category_id = @category AND p.parent_id IS NULL AND ${offeredSql()} AND p.id != @id ORDER BY p.position, p.id LIMIT ${RELATED_LIMIT}`),
    variantValue: q(`SELECT ${contentText('attribute', 'label', 'a')} AS attribute, ${contentText('option', 'label', 'o')} AS label
      FROM products p JOIN attribute_options o ON o.id = p.variant_option_id
      JOIN attributes a ON a.id = o.attribute_id WHERE p.id = @id`),
    setComponents: q(`SELECT p.id, ${productName()} AS name, ${productSlug()} AS slug, s.quantity FROM product_set_items s JOIN products p ON p.id = s.component_id ${productTextJoins()}
      WHERE s.set_id = @id AND ${shownSql()} ORDER BY s.position, p.id`),
    // Titles, teasers and slugs in the request's languages; the Slovak body names the products.
    guides: q(`SELECT b.id, ${guideTitle()} AS title, ${guideSlug()} AS slug, b.image, ${guideShort()} AS short, b.body, ${categorySlug()} AS category
      FROM blog_posts b JOIN categories c ON c.id = b.category_id ${guideTextJoins()} ${categoryTextJoins()}
      WHERE b.visible = 1 ORDER BY b.published_at DESC, b.id DESC`),
  };
  cache.set(db, s);
  return s;
}

interface GuideIndex {
  /** Visible guides, newest first. */
  newest: GuideCard[];
  /** Per product, the guides whose editor-placed carousel (product-ids="…") shows it, newest first. */
  mentions: Map<number, GuideCard[]>;
}

/**
 * The guides product pages offer, once per catalogue version (guides are in its triggers): those
 * whose carousel shows the product first, then the newest. Scanning every guide body per product
 * view cost ~9 ms at 300 guides; sorting them in SQL per view ~140 µs.
 */
function guideIndex(db: Db, version: number, lang: CatalogueLang): GuideIndex {
  return catalogView({ db, version }, `product-guides|${langKey(lang)}`, () => {
    const newest: GuideCard[] = [];
    const mentions = new Map<number, GuideCard[]>();
    for (const g of statements(db).guides.all(langParams(lang)) as Raw[]) {
      const guide = { id: g.id as number, title: g.title as string, url: guideUrl(g.category as string, g.slug as string), image: g.image ? blogImageUrl(g.image as string) : null, short: g.short as string };
      newest.push(guide);
      for (const match of String(g.body).matchAll(/product-ids="([\d,]+)"/g)) {
        for (const productId of match[1].split(',').map(Number)) {
          const list = mentions.get(productId) ?? [];
          if (!list.includes(guide)) list.push(guide);
          mentions.set(productId, list);
        }
      }
    }
    return { newest, mentions };
  }, (index) => 256 + index.newest.length * 400 + index.mentions.size * 64);
}

/** Up to GUIDE_LIMIT guides for a product page: those showing it first, then the newest. */
function guidesFor(db: Db, version: number, productId: number, lang: CatalogueLang): GuideCard[] {
  const index = guideIndex(db, version, lang);
  const first = index.mentions.get(productId) ?? [];
  const out = first.slice(0, GUIDE_LIMIT);
  for (const guide of index.newest) {
    if (out.length >= GUIDE_LIMIT) break;
    if (!first.includes(guide)) out.push(guide);
  }
  return out;
}

/** The id of the visible product at /{slug}, or null when the slug is not a product's. */
export function findProductIdBySlug(db: Db, slug: string, slugLocale: Locale = SOURCE_LOCALE): number | null {
  if (slugLocale === SOURCE_LOCALE) {
    const row = statements(db).bySlug.get(slug) as { id: number } | undefined;
    if (row) return row.id;
  }
  // The shop's own slug, else another locale's (the page answers 301 to the shop's address).
  const id = productIdBySlug(db, slug, slugLocale);
  return id !== null && isVisibleProduct(db, id) ? id : null;
}

/** True when a product with this id is shown (reviews and videos of hidden products stay hidden). */
export function isVisibleProduct(db: Db, id: number): boolean {
  return statements(db).visibleId.get(id) !== undefined;
}

const pick = (r: Raw, wholesale: boolean) => priceForRole(r as unknown as RolePrices, wholesale);

function parseJson<T>(text: unknown, fallback: T): T {
  try {
    const value = JSON.parse(String(text));
    return Array.isArray(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

/** One visible product priced for the shop: B2B prices for wholesale buyers, B2C for the rest. */
export function loadProduct(db: Db, shopId: number, id: number, wholesale: boolean, lang: CatalogueLang = SLOVAK): ProductRecord | null {
  const r = statements(db).product.get({ shop: shopId, id, ...langParams(lang) }) as Raw | undefined;
  if (!r) return null;
  const prices = pick(r, wholesale);
  return {
    id: r.id as number,
    parentId: r.parentId as number | null,
    categoryId: r.categoryId as number,
    sellerId: r.sellerId as number | null,
    type: r.type as ProductRecord['type'],
    name: r.name as string,
    slug: r.slug as string,
    codePublic: r.codePublic as string,
    description: r.description as string,
    imageFilename: r.imageFilename as string | null,
    visible: r.visible as number,
    quantity: r.quantity as number,
    availabilityDays: r.availabilityDays as number,
    inventoryStatus: r.inventoryStatus as string | null,
    tags: parseJson(r.tags, []),
    tagsPublic: parseJson<unknown[]>(r.tagsPublic, []).filter((t): t is string => typeof t === 'string'),
    hasVideos: r.hasVideos === 1,
    childrenCount: r.childrenCount as number,
    variantView: r.variantView as ProductRecord['variantView'],
    variantViewSetting: r.variantViewSetting as string | null,
    ...prices,
    priceLowest: prices.priceOld !== null && prices.priceOld > prices.price ? lowestPriceBefore(db, id, shopId, wholesale) : null,
    priceB2c: r.b2c as number,
    priceIsB2c: !wholesale,
    vatRate: r.vatRate as number,
  };
}

/** Gallery images; the demo has one size, so the thumbnail and the full image share a URL. */
export function productImages(db: Db, id: number): GalleryImage[] {
  return (statements(db).images.all(id) as { id: number; filename: string; alt: string; text: string }[]).map((i) => ({
    id: i.id,
    url: productImageUrl(i.filename),
    thumbnailUrl: productImageUrl(i.filename),
    alt: i.alt,
    text: i.text,
  }));
}

function card(r: Raw, wholesale: boolean): ProductCard & { quantity: number } {
  return {
    id: r.id as number,
    name: r.name as string,
    url: productUrl(r.slug as string),
    image: r.imageFilename ? productImageUrl(r.imageFilename as string) : null,
    ...pick(r, wholesale),
    availabilityDays: r.availabilityDays as number,
    quantity: r.quantity as number,
  };
}


/** Everything the product page shows (at catalogue `version`), or null when the product is not shown in this shop. */
export function productDetail(db: Db, version: number, shopId: number, id: number, wholesale: boolean, lang: CatalogueLang = SLOVAK): ProductDetail | null {
  const product = loadProduct(db, shopId, id, wholesale, lang);
  if (!product) return null;
  const s = statements(db);
  const texts = langParams(lang);
  const parentRow = product.parentId === null ? undefined : (s.parent.get({ id: product.parentId, ...texts }) as Raw | undefined);
  // A variant lists its siblings; a parent its variants.
  const familyId = parentRow ? product.parentId! : product.id;
  const variants = (s.children.all({ shop: shopId, id: familyId, ...texts }) as Raw[]).map((r) => ({ ...card(r, wholesale), current: r.id === product.id }));
  // The family's own settings decide, never a variant's: siblings open as their parent does.
  const family = parentRow
    ? { variantView: parentRow.variantView as ProductRecord['variantView'], variantViewSetting: parentRow.variantViewSetting as string | null }
    : { variantView: product.variantView, variantViewSetting: product.variantViewSetting };
  const related = (s.related.all({ shop: shopId, category: product.categoryId, id: product.id, ...texts }) as Raw[]).map((r) => card(r, wholesale));
  // Every card of the page gets its 30-day lowest price from one query.
  withLowestPrices(db, shopId, wholesale, [...variants, ...related]);
  const guides = guidesFor(db, version, product.id, lang);
  return {
    product,
    url: productUrl(product.slug),
    images: productImages(db, product.id),
    seller: product.sellerId === null ? null : sellerById(db, product.sellerId),
    parent: parentRow ? { id: parentRow.id as number, name: parentRow.name as string, url: productUrl(parentRow.slug as string) } : null,
    variants,
    variantValue: product.parentId === null ? null : ((s.variantValue.get({ id: product.id, locale: lang.text }) as { attribute: string; label: string } | undefined) ?? null),
    setComponents: (s.setComponents.all({ id: product.id, ...texts }) as Raw[]).map((r) => ({ id: r.id as number, name: r.name as string, url: productUrl(r.slug as string), quantity: r.quantity as number })),
    variantFamily: { parentId: familyId, ...family },
    breadcrumb: categoryIndex({ db, version, lang }).breadcrumb(product.categoryId, true),
    related,
    guides,
    reviews: listReviews(db, product.id, REVIEW_LIMIT, 0),
    reviewSummary: reviewSummary(db, product.id),
    videos: productVideos(db, product.id),
  };
}

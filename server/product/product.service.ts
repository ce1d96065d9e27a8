import type { Db } from '../db/client';
import { PURCHASABLE } from '../catalog/sellable';
import { blogImageUrl, guideUrl, productImageUrl, productUrl } from '../catalog/urls';
import { sellerById, type Seller } from '../sellers/seller.service';
import { priceForRole, type RolePrices } from '../catalog/product-card';
import type { GuideCard, ProductCard } from '../home/home.service';
import { listReviews, reviewSummary, REVIEW_LIMIT, type ReviewPage, type ReviewSummary } from './review.service';
import { productVideos, type ProductVideo } from './video.service';

/**
 * A product is shown when `visible` is not 0; only 2 lets it be bought (spec 3: "value 2 allows the
 * cart button"). A product without a price row in the current shop is not sold there: not found.
 */
export const VISIBLE_SQL = 'visible != 0';
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
  /**
   * The parent whose variants are listed (this product, or a variant's parent) with its own
   * variant_view and variant_view_setting; variantLayout (variant-list.ts) turns them into the default.
   */
  variantFamily: { parentId: number; variantView: 'grid' | 'list' | null; variantViewSetting: string | null };
  breadcrumb: { name: string; path: string }[];
  related: ProductCard[];
  guides: GuideCard[];
  reviews: ReviewPage;
  reviewSummary: ReviewSummary;
  videos: ProductVideo[];
}

const PRODUCT_COLUMNS = `p.id, p.parent_id AS parentId, p.category_id AS categoryId, p.seller_id AS sellerId, p.type, p.name, p.slug,
  p.code_public AS codePublic, p.description, p.image_filename AS imageFilename, p.visible, p.quantity,
  p.availability_days AS availabilityDays, p.inventory_status AS inventoryStatus, p.tags, p.tags_public AS tagsPublic,
  p.has_videos AS hasVideos, p.children_count AS childrenCount, p.variant_view AS variantView,
  p.variant_view_setting AS variantViewSetting, pp.price_b2c AS b2c, pp.price_old_b2c AS b2cOld, pp.price_b2b AS b2b,
  pp.price_old_b2b AS b2bOld, pp.vat_rate AS vatRate`;
const CARD_COLUMNS = `p.id, p.name, p.slug, p.image_filename AS imageFilename, p.quantity, p.availability_days AS availabilityDays,
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
    bySlug: q(`SELECT id FROM products WHERE slug = ? AND ${VISIBLE_SQL}`),
    visibleId: q(`SELECT id FROM products WHERE id = ? AND ${VISIBLE_SQL}`),
    product: q(`SELECT ${PRODUCT_COLUMNS} FROM products p CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ? WHERE p.id = ? AND p.${VISIBLE_SQL}`),
    images: q('SELECT id, filename, alt, text FROM product_images WHERE product_id = ? ORDER BY position, id'),
    parent: q(`SELECT id, name, slug, variant_view AS variantView, variant_view_setting AS variantViewSetting FROM products WHERE id = ? AND ${VISIBLE_SQL}`),
    children: q(`SELECT ${CARD_COLUMNS} FROM products p CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
      WHERE p.parent_id = ? AND p.${VISIBLE_SQL} ORDER BY p.position, p.id`),
    categories: q(`SELECT id, name, slug FROM categories WHERE id IN (SELECT value FROM json_each(?)) AND visible = 1`),
    categoryPath: q('SELECT path FROM categories WHERE id = ?'),
    related: q(`SELECT ${CARD_COLUMNS} FROM products p CROSS JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
      WHERE p.category_id = ? AND p.parent_id IS NULL AND p.visible = ${PURCHASABLE} AND p.id != ? ORDER BY p.position, p.id LIMIT ${RELATED_LIMIT}`),
    // Guides whose carousel shows this product come first (ids from guideMentions), then the newest.
    guides: q(`SELECT b.id, b.title, b.slug, b.image, b.short, c.slug AS category,
        (b.id IN (SELECT value FROM json_each(@mentioned))) AS mentions
      FROM blog_posts b JOIN categories c ON c.id = b.category_id
      WHERE b.visible = 1 ORDER BY mentions DESC, b.published_at DESC, b.id DESC LIMIT ${GUIDE_LIMIT}`),
  };
  cache.set(db, s);
  return s;
}

const MENTIONS_TTL_MS = 60_000;
const mentionsCache = new WeakMap<Db, { at: number; byProduct: Map<number, number[]> }>();

/**
 * Which guides show a product in an editor-placed carousel (product-ids="…"). Scanning every guide
 * body with LIKE on each product view cost ~9 ms at 300 guides; the map is built once a minute.
 */
function guideMentions(db: Db): Map<number, number[]> {
  const now = Date.now();
  const hit = mentionsCache.get(db);
  if (hit && now - hit.at < MENTIONS_TTL_MS) return hit.byProduct;
  const byProduct = new Map<number, number[]>();
  const rows = db.$client.prepare('SELECT id, body FROM blog_posts WHERE visible = 1').all() as { id: number; body: string }[];
  for (const { id, body } of rows) {
    for (const match of body.matchAll(/product-ids="([\d,]+)"/g)) {
      for (const productId of match[1].split(',').map(Number)) {
        const list = byProduct.get(productId) ?? [];
        if (!list.includes(id)) list.push(id);
        byProduct.set(productId, list);
      }
    }
  }
  mentionsCache.set(db, { at: now, byProduct });
  return byProduct;
}

/** The id of the visible product at /{slug}, or null when the slug is not a product's. */
export function findProductIdBySlug(db: Db, slug: string): number | null {
  const row = statements(db).bySlug.get(slug) as { id: number } | undefined;
  return row?.id ?? null;
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
export function loadProduct(db: Db, shopId: number, id: number, wholesale: boolean): ProductRecord | null {
  const r = statements(db).product.get(shopId, id) as Raw | undefined;
  if (!r) return null;
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
    ...pick(r, wholesale),
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

function breadcrumb(db: Db, categoryId: number): { name: string; path: string }[] {
  const s = statements(db);
  const row = s.categoryPath.get(categoryId) as { path: string } | undefined;
  if (!row) return [];
  const ids = row.path.split('/').filter(Boolean).map(Number);
  const byId = new Map((s.categories.all(JSON.stringify(ids)) as { id: number; name: string; slug: string }[]).map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const c = byId.get(id);
    return c ? [{ name: c.name, path: `/${c.slug}` }] : [];
  });
}

/** Everything the product page shows, or null when the product is not shown in this shop. */
export function productDetail(db: Db, shopId: number, id: number, wholesale: boolean): ProductDetail | null {
  const product = loadProduct(db, shopId, id, wholesale);
  if (!product) return null;
  const s = statements(db);
  const parentRow = product.parentId === null ? undefined : (s.parent.get(product.parentId) as Raw | undefined);
  // A variant lists its siblings; a parent its variants.
  const familyId = parentRow ? product.parentId! : product.id;
  const variants = (s.children.all(shopId, familyId) as Raw[]).map((r) => ({ ...card(r, wholesale), current: r.id === product.id }));
  // The family's own settings decide, never a variant's: siblings open as their parent does.
  const family = parentRow
    ? { variantView: parentRow.variantView as ProductRecord['variantView'], variantViewSetting: parentRow.variantViewSetting as string | null }
    : { variantView: product.variantView, variantViewSetting: product.variantViewSetting };
  const guides = (s.guides.all({ mentioned: JSON.stringify(guideMentions(db).get(product.id) ?? []) }) as Raw[]).map((g) => ({
    id: g.id as number,
    title: g.title as string,
    url: guideUrl(g.category as string, g.slug as string),
    image: g.image ? blogImageUrl(g.image as string) : null,
    short: g.short as string,
  }));
  return {
    product,
    url: productUrl(product.slug),
    images: productImages(db, product.id),
    seller: product.sellerId === null ? null : sellerById(db, product.sellerId),
    parent: parentRow ? { id: parentRow.id as number, name: parentRow.name as string, url: productUrl(parentRow.slug as string) } : null,
    variants,
    variantFamily: { parentId: familyId, ...family },
    breadcrumb: breadcrumb(db, product.categoryId),
    related: (s.related.all(shopId, product.categoryId, product.id) as Raw[]).map((r) => card(r, wholesale)),
    guides,
    reviews: listReviews(db, product.id, REVIEW_LIMIT, 0),
    reviewSummary: reviewSummary(db, product.id),
    videos: productVideos(db, product.id),
  };
}

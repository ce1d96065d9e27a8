import { langParams, productDescription, productName, productSlug, productTextJoins } from '../catalog/catalogue-texts';
import { contentText } from '../catalog/content-texts';
import type { Locale } from '../i18n/locales';
import type { Db } from '../db/client';
import type { ShopContext } from '../http/env';
import { PAYMENT, COMPANY } from '../cart/pricing';
import { feeOf, offeredCompanies, shippingPrice, shopOptions } from '../cart/shipping.service';

type ShopOptions = ReturnType<typeof shopOptions>;
import type { CategoryIndex } from '../catalog/category.service';
import { priceForRole, type RolePrices } from '../catalog/product-card';
import { lowestPricesBefore } from '../catalog/price-history';
import { LISTED_TOP_LEVEL, sellable } from '../catalog/sellable';
import { productImageUrl, productUrl } from '../catalog/urls';

/**
 * Product feeds for price comparison and shopping ads (README "Feeds"), one per shop host: the
 * request's shop decides currency, language of its texts and the absolute addresses. Both list the
 * products the shop lists (sellable.ts: shown, top level, priced in that shop), at the price a
 * shopper sees (priceForRole, B2C), with delivery prices from the shop's own shipping rules
 * (shipping.service.ts + pricing.ts: the rule for the product's price, and the COD fee). Written as a
 * stream in batches of 500 products read by keyset on id, so a big catalogue is never one string.
 */
const BATCH = 500;

export interface FeedProduct extends RolePrices {
  id: number;
  name: string;
  slug: string;
  description: string;
  imageFilename: string | null;
  categoryId: number;
  visible: number;
  availabilityDays: number;
  childrenCount: number;
  brand: string | null;
}

export interface FeedContext {
  db: Db;
  shop: ShopContext;
  categories: CategoryIndex;
  version: number;
}

const escapeXml = (s: string) =>
  s
    // Characters XML 1.0 does not allow (control characters pasted from elsewhere) are dropped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Plain text of a description that may hold HTML (feeds want text), at most `max` characters. */
export function plainText(html: string, max = 5000): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Minor units as the feeds write amounts: "12.90". */
export const decimal = (minor: number) => (minor / 100).toFixed(2);

/** The shop's products in batches, named, described and addressed in the shop's locale (catalogue-texts.ts). */
function batches(db: Db, shopId: number, locale: Locale): () => FeedProduct[] {
  const statement = db.$client.prepare(
    `SELECT p.id, ${productName()} AS name, ${productSlug()} AS slug, ${productDescription()} AS description, p.image_filename AS imageFilename, p.category_id AS categoryId, p.visible,
       p.availability_days AS availabilityDays, p.children_count AS childrenCount,
       pp.price_b2c AS b2c, pp.price_old_b2c AS b2cOld, pp.price_b2b AS b2b, pp.price_old_b2b AS b2bOld,
       (SELECT ${contentText('option', 'label', 'o')} FROM product_attribute_values v JOIN attribute_options o ON o.id = v.option_id JOIN attributes a ON a.id = o.attribute_id
         WHERE v.product_id = p.id AND a.code = 'znacka' LIMIT 1) AS brand
     FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = @shop
     ${productTextJoins()}
     WHERE ${LISTED_TOP_LEVEL} AND p.id > @cursor ORDER BY p.id LIMIT ${BATCH}`,
  );
  let cursor = 0;
  return () => {
    const rows = statement.all({ shop: shopId, cursor, ...langParams({ text: locale, slug: locale }) }) as FeedProduct[];
    if (rows.length) cursor = rows[rows.length - 1].id;
    return rows;
  };
}

/** A stream of head, one chunk per batch of items, and tail. */
function xmlStream(head: string, items: (batch: FeedProduct[]) => string, next: () => FeedProduct[], tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let text = started ? '' : head;
      started = true;
      const rows = next();
      text += items(rows);
      if (rows.length < BATCH) text += tail;
      controller.enqueue(encoder.encode(text));
      if (rows.length < BATCH) controller.close();
    },
  });
}

/** Heureka's codes of the carriers (its DELIVERY_ID list); a carrier without one of its own goes as the shop's own transport. */
const HEUREKA_DELIVERY: Record<number, { sk: string; cz: string }> = {
  [COMPANY.post]: { sk: 'SLOVENSKA_POSTA', cz: 'CESKA_POSTA' },
  [COMPANY.postOffice]: { sk: 'SLOVENSKA_POSTA_NAPOSTU_DEPOTAPI', cz: 'CESKA_POSTA_NAPOSTU_DEPOTAPI' },
  [COMPANY.packeta]: { sk: 'ZASIELKOVNA', cz: 'ZASILKOVNA' },
  [COMPANY.sps]: { sk: 'SPS', cz: 'VLASTNI_PREPRAVA' },
  [COMPANY.courier]: { sk: 'VLASTNA_PREPRAVA', cz: 'VLASTNI_PREPRAVA' },
  [COMPANY.express]: { sk: 'VLASTNA_PREPRAVA', cz: 'VLASTNI_PREPRAVA' },
};

export interface Delivery {
  id: string;
  companyId: number;
  /** Paid in advance (bank transfer), minor units; null when the carrier takes no prepaid order. */
  price: number | null;
  /** Paid on delivery, with the COD fee; null when the carrier does not collect. */
  cod: number | null;
}

/** What sending this one product costs with each carrier the shop offers at home, as the checkout prices it. */
export function deliveries(options: ShopOptions, shop: ShopContext, price: number): Delivery[] {
  const seen = new Set<string>();
  const out: Delivery[] = [];
  for (const companyId of offeredCompanies(options)) {
    const code = HEUREKA_DELIVERY[companyId]?.[shop.code];
    if (!code || seen.has(code)) continue;
    const prepaid = shippingPrice(options, companyId, PAYMENT.transfer, price);
    const onDelivery = shippingPrice(options, companyId, PAYMENT.cod, price);
    if (prepaid === null && onDelivery === null) continue;
    seen.add(code);
    out.push({ id: code, companyId, price: prepaid, cod: onDelivery === null ? null : onDelivery + feeOf(options, PAYMENT.cod) });
  }
  return out;
}

const categoryText = (feed: FeedContext, categoryId: number) =>
  feed.categories
    .breadcrumb(categoryId, true)
    .map((c) => c.name)
    .join(' | ');

/** Heureka's product feed (SHOP/SHOPITEM), for heureka.sk or heureka.cz by the shop. Only what can be bought now or later. */
export function heurekaFeed(feed: FeedContext): ReadableStream<Uint8Array> {
  const { shop, db } = feed;
  const options = shopOptions(db, shop.id, shop.country, feed.version);
  const item = (p: FeedProduct) => {
    if (!sellable(p)) return '';
    const { price } = priceForRole(p, false);
    const url = shop.origin + productUrl(p.slug);
    const parts = [
      `<ITEM_ID>${p.id}</ITEM_ID>`,
      `<PRODUCTNAME>${escapeXml(p.name)}</PRODUCTNAME>`,
      `<PRODUCT>${escapeXml(p.name)}</PRODUCT>`,
      `<DESCRIPTION>${escapeXml(plainText(p.description))}</DESCRIPTION>`,
      `<URL>${escapeXml(url)}</URL>`,
      p.imageFilename ? `<IMGURL>${escapeXml(shop.origin + productImageUrl(p.imageFilename))}</IMGURL>` : '',
      `<PRICE_VAT>${decimal(price)}</PRICE_VAT>`,
      `<CATEGORYTEXT>${escapeXml(categoryText(feed, p.categoryId))}</CATEGORYTEXT>`,
      p.brand ? `<MANUFACTURER>${escapeXml(p.brand)}</MANUFACTURER>` : '',
      // Heureka: days until it ships, 0 = in stock.
      `<DELIVERY_DATE>${p.availabilityDays}</DELIVERY_DATE>`,
      ...deliveries(options, shop, price).map(
        (d) =>
          `<DELIVERY><DELIVERY_ID>${d.id}</DELIVERY_ID>${d.price === null ? '' : `<DELIVERY_PRICE>${decimal(d.price)}</DELIVERY_PRICE>`}${d.cod === null ? '' : `<DELIVERY_PRICE_COD>${decimal(d.cod)}</DELIVERY_PRICE_COD>`}</DELIVERY>`,
      ),
    ];
    return `<SHOPITEM>${parts.join('')}</SHOPITEM>\n`;
  };
  return xmlStream('<?xml version="1.0" encoding="utf-8"?>\n<SHOP>\n', (rows) => rows.map(item).join(''), batches(db, shop.id, shop.locale), '</SHOP>\n');
}

/** Google's availability words from the one rule: buyable now, buyable later, or not. */
export function googleAvailability(p: FeedProduct): 'in_stock' | 'backorder' | 'out_of_stock' {
  if (!sellable(p)) return 'out_of_stock';
  return p.availabilityDays <= 1 ? 'in_stock' : 'backorder';
}

/** Google Merchant Center's product feed: RSS 2.0 with the g: namespace. */
export function googleFeed(feed: FeedContext): ReadableStream<Uint8Array> {
  const { shop, db } = feed;
  const options = shopOptions(db, shop.id, shop.country, feed.version);
  const money = (minor: number) => `${decimal(minor)} ${shop.currency}`;
  const item = (p: FeedProduct, lowest: Map<number, number>) => {
    const { price, priceOld } = priceForRole(p, false);
    // EU Omnibus: a reduction is announced against the lowest price of the 30 days before it
    // (price-history.ts), not the crossed-out one; none when that lowest is not above the price now.
    const reference = priceOld !== null && priceOld > price ? lowest.get(p.id) ?? null : null;
    const country = shop.country.toUpperCase();
    // The cheapest way home as the checkout prices it (prepaid, or on delivery with its fee).
    const costs = deliveries(options, shop, price).flatMap((d) => [d.price, d.cod]).filter((n): n is number => n !== null);
    const parts = [
      `<g:id>${p.id}</g:id>`,
      `<title>${escapeXml(p.name)}</title>`,
      `<description>${escapeXml(plainText(p.description) || p.name)}</description>`,
      `<link>${escapeXml(shop.origin + productUrl(p.slug))}</link>`,
      p.imageFilename ? `<g:image_link>${escapeXml(shop.origin + productImageUrl(p.imageFilename))}</g:image_link>` : '',
      `<g:availability>${googleAvailability(p)}</g:availability>`,
      reference !== null && reference > price ? `<g:price>${money(reference)}</g:price><g:sale_price>${money(price)}</g:sale_price>` : `<g:price>${money(price)}</g:price>`,
      p.brand ? `<g:brand>${escapeXml(p.brand)}</g:brand>` : '<g:identifier_exists>no</g:identifier_exists>',
      `<g:condition>new</g:condition>`,
      `<g:product_type>${escapeXml(categoryText(feed, p.categoryId).replace(/ \| /g, ' > '))}</g:product_type>`,
      costs.length ? `<g:shipping><g:country>${country}</g:country><g:price>${money(Math.min(...costs))}</g:price></g:shipping>` : '',
    ];
    return `<item>${parts.join('')}</item>\n`;
  };
  const head =
    `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n` +
    `<title>${escapeXml(shop.name)}</title>\n<link>${escapeXml(`${shop.origin}/`)}</link>\n<description>${escapeXml(shop.name)}</description>\n`;
  const page = (rows: FeedProduct[]) => {
    // One history query per batch of rows, for its reduced products only.
    const reduced = rows.filter((p) => p.b2cOld !== null && p.b2cOld > p.b2c).map((p) => p.id);
    const lowest = lowestPricesBefore(db, shop.id, false, reduced);
    return rows.map((p) => item(p, lowest)).join('');
  };
  return xmlStream(head, page, batches(db, shop.id, shop.locale), '</channel>\n</rss>\n');
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { SlugHandler } from '../catalog/slug.pages';
import { productUrl } from '../catalog/urls';
import { catalogueLang, langKey, productSlugs, shopAlternates, type CatalogueLang } from '../catalog/catalogue-texts';
import type { Db } from '../db/client';
import type { AppEnv, ShopContext } from '../http/env';
import { NotFoundError } from '../http/problem';
import { msg } from '../i18n/msg';
import type { Render, Renderer } from '../render/renderer';
import { keptBytes } from '../catalog/cache-budget';
import { priceRole } from '../catalog/card-cache';
import { isWholesale } from '../accounts/wholesale';
import { catalogView } from '../catalog/catalog-views';
import { attrJson, scriptJson } from '../render/json';
import { availabilitySeverity, availabilityText, discountPercent, ribbons } from './availability';
import { findProductIdBySlug, loadProduct, productDetail } from './product.service';
import { PURCHASABLE, sellable } from '../catalog/sellable';
import { parseId } from './product.schemas';
import { productJsonLd } from './product.seo';
import { plainText, sanitizeDescription } from './sanitize';
import { videoView } from './video.service';
import { viewItem } from '../render/analytics';
import { variantListView } from './variant-list';

/** A product's address in each shop (hreflang). */
function productSlugPaths(db: Parameters<typeof productSlugs>[0], id: number): { sk: string; cs: string } | null {
  const slugs = productSlugs(db, id);
  return slugs && { sk: productUrl(slugs.sk), cs: productUrl(slugs.cs) };
}

/**
 * What a product page shows of one product for one shop, language and price role, with what
 * follows from that alone; `bytes` estimates its size for the cache.
 */
function productPageParts(db: Db, version: number, shop: ShopContext, id: number, wholesale: boolean, lang: CatalogueLang) {
  const detail = productDetail(db, version, shop.id, id, wholesale, lang);
  if (!detail) return { detail, bytes: 2048 };
  const p = detail.product;
  const parts = {
    detail,
    descriptionHtml: sanitizeDescription(p.description),
    description: plainText(p.description, 160),
    reviewsJson: attrJson(detail.reviews),
    jsonLd: productJsonLd(detail, shop).map(scriptJson),
    analyticsJson: scriptJson(viewItem(shop.currency, { id: p.id, name: p.name, price: p.priceB2c })),
    paths: productSlugPaths(db, p.id) ?? { sk: detail.url, cs: detail.url },
  };
  const text = parts.descriptionHtml.length + parts.description.length + parts.reviewsJson.length + parts.analyticsJson.length + parts.jsonLd.reduce((sum, ld) => sum + ld.length, 0);
  return Object.assign(parts, { bytes: 2048 + (JSON.stringify(detail).length + text) * 2 });
}

/** Spec: quantity range 1 to 99 (cart issue). */
const MAX_QUANTITY = 99;

/**
 * /{productSlug}: claims a single segment that is a shown product's slug (docs/decisions/005) and
 * renders the whole page; null leaves the path to the next handler (static posts, then the 404).
 * The price-watch slot is rendered only when its partial exists (checked once, at start).
 * Visitors who are not signed in and hold nothing in their session share one page per product
 * through HTTP caches (decision 213).
 */
export function productSlugHandler(render: Renderer, root: string): SlugHandler {
  const watchdogSlot = existsSync(join(root, 'templates/partials/watchdog-slot.eta'));
  return (c, segments) => {
    if (segments.length !== 1) return null;
    const { db, config } = c.get('deps');
    const lang = catalogueLang(c);
    const at = { db, version: c.get('catalogVersion') };
    const shop = c.get('shop');
    // Which product a slug names, and what its page shows of it (~10 statements: the product,
    // variants, related products, images, reviews, videos, seller) with what follows from that
    // alone (the sanitised description, JSON-LD, the review list's JSON, its address in each
    // shop): read and made once per catalogue version, none of it per request.
    // A slug that names no product is not kept: a scanner's made-up addresses would push pages out.
    const id = catalogView(at, `product-slug|${lang.slug}|${segments[0]}`, () => findProductIdBySlug(db, segments[0], lang.slug), () => 96 + segments[0].length * 2, (found) => found !== null);
    if (id === null) return null;
    const kept = catalogView(at, `product|${shop.id}|${langKey(lang)}|${priceRole(c)}|${id}`, () => productPageParts(db, at.version, shop, id, isWholesale(c), lang), (k) => k.bytes);
    const { detail } = kept;
    if (!detail) return null;
    // The Slovak slug on the Czech shop (or the other way round): the shop's own address.
    if (c.req.path !== detail.url) return c.redirect(detail.url, 301);
    const p = detail.product;
    // The buy form posts without JavaScript; its token stands outside the kept main part (product.eta).
    const buyForm = sellable(p) ? `buy-${p.id}` : null;
    // The inside of <main>: the same for every shopper of one shop, locale and price role, kept per
    // catalogue version like a category list's (HTML_CACHE=false draws it on every request).
    const draw = () => {
      const i18n = c.get('i18n');
      const days = p.availabilityDays;
      // Object.assign, not `{ ...detail, … }`: V8 gave each spread-and-add object hidden classes of its own (decision 276).
      const view = Object.assign({} as Record<string, unknown>, detail, {
        buyForm,
        descriptionHtml: kept.descriptionHtml,
        availability: { text: availabilityText(i18n, days), severity: availabilitySeverity(days) },
        stockText: p.quantity > 0 ? i18n._('Dostupné {count} ks', { count: p.quantity }) : null,
        ribbons: ribbons(i18n, p.tagsPublic, discountPercent(p.price, p.priceOld)),
        purchasable: buyForm !== null,
        // A parent is bought as one of its variants, listed below (the cart refuses the parent itself).
        chooseVariant: p.visible === PURCHASABLE && p.childrenCount > 0,
        maxQuantity: MAX_QUANTITY,
        watchdogSlot,
        watchdogProduct: { id: p.id, name: p.name, price: p.priceB2c, currencySymbol: shop.currencySymbol, quantity: p.quantity },
        reviewsJson: kept.reviewsJson,
        videos: detail.videos.map((v) => videoView(v, config.videoOrigin)),
        // The shared list (partials/product-list) with the grid/list switch, remembered per parent product.
        variantList: variantListView({
          parentId: detail.variantFamily.parentId,
          url: detail.url,
          variants: detail.variants,
          variantView: detail.variantFamily.variantView,
          variantViewSetting: detail.variantFamily.variantViewSetting,
        }),
        relatedHtml: render.fragment(c, '/partials/product-carousel', {
          carousel: { id: 'suvisiace', title: i18n._('Podobné produkty'), kind: 'product', items: detail.related },
        }),
        guidesHtml: render.fragment(c, '/partials/product-carousel', { carousel: { id: 'navody', title: i18n._('Návody a inšpirácie'), kind: 'guide', items: detail.guides } }),
        jsonLd: kept.jsonLd,
        analyticsJson: kept.analyticsJson,
      });
      const sections = {
        variantsHtml: detail.variants.length ? render.fragment(c, '/pages/product/variants', view) : '',
        reviewsHtml: render.fragment(c, '/pages/product/reviews', view),
      };
      const meta = { title: p.name, description: kept.description, canonicalPath: detail.url, alternates: shopAlternates(config.origins, kept.paths), shared: true };
      return { html: keptBytes(render.fragment(c, 'pages/product/product-main', Object.assign(view, sections))), meta: Object.assign(meta, { head: render.head(c, meta) }) };
    };
    const key = `product-main|${shop.id}|${c.get('locale')}|${langKey(lang)}|${priceRole(c)}|${id}`;
    const main = config.htmlCache ? catalogView(at, key, draw, (kept) => 1024 + kept.html.length) : draw();
    return render(c, 'pages/product/product', { mainHtml: main.html, buyForm }, main.meta);
  };
}

/**
 * /p/{productId}/sk and /p/{productId}/cz: the language and shop chooser, as a dialog when the
 * query has `r` (spec 2). Each choice leads to the product on that shop's own origin.
 */
export function productPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.get('/p/:id/:code{sk|cz}', (c) => {
    const id = parseId(c.req.param('id'));
    const db = c.get('deps').db;
    const lang = catalogueLang(c);
    const product = id === null ? null : loadProduct(db, c.get('shop').id, id, false, lang);
    if (!product) throw new NotFoundError(msg('Produkt neexistuje'));
    const { origins } = c.get('deps').config;
    const path = productUrl(product.slug);
    const paths = productSlugPaths(db, product.id) ?? { sk: path, cs: path };
    const current = c.req.param('code');
    return render(
      c,
      'pages/product/chooser',
      {
        product: { id: product.id, name: product.name, url: path },
        dialog: c.req.query('r') !== undefined,
        choices: [
          { code: 'sk', label: c.get('i18n')._('Slovensko'), href: `${origins.sk}${paths.sk}`, current: current === 'sk' },
          { code: 'cz', label: c.get('i18n')._('Česko'), href: `${origins.cz}${paths.cs}`, current: current === 'cz' },
        ],
      },
      { title: product.name, canonicalPath: `/p/${product.id}/${current}`, noStore: false },
    );
  });
  return app;
}

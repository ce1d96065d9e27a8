import type Database from 'better-sqlite3';
import { COLOURS, SIZES } from './attributes-data';
import type { Leaf, OptionIds } from './catalog';
import { drawCents, drawOldCents, priceRange, priceRows, variantCents } from './prices';
import { productDescriptions } from './product-description';
import { drawDraft, drawNameParts, productName, productNameIn, setName, setNameIn, type Draft } from './product-text';
import type { SeedLocale } from './catalog-i18n';
import { DAY, MINUTE, SEED_BASE_TIME, rng, type Rng } from './random';
import { slugify } from './slug';

const CAPTIONS = ['Hlavný pohľad', 'Detail', 'Pohľad zboku', 'Balenie', 'Ukážka použitia'];
const TAGS = [
  { c_type: 'sezona', c_value: 'leto' },
  { c_type: 'sezona', c_value: 'zima' },
  { c_type: 'sezona', c_value: 'vianoce' },
  { c_type: 'darcek', c_value: 'pre-mamu' },
  { c_type: 'darcek', c_value: 'pre-otca' },
  { c_type: 'darcek', c_value: 'pre-deti' },
  { c_type: 'eko', c_value: 'ano' },
  { c_type: 'doprava', c_value: 'zadarmo' },
];
const WAITING_DAYS = [1, 3, 7, 14, -1];
const TWO_YEARS_MINUTES = 730 * 24 * 60;

interface ProductRow {
  id: number;
  parentId: number | null;
  categoryId: number;
  sellerId: number | null;
  type: 'single' | 'set' | 'variant';
  name: string;
  description: string;
  visible: number;
  quantity: number;
  cartLimit: number | null;
  manufactured: boolean;
  availabilityDays: number;
  tags: string;
  tagsPublic: string;
  hasVideos: boolean;
  childrenCount: number;
  variantView: 'grid' | 'list' | null;
  position: number;
  createdAt: number;
  updatedAt: number;
}

export interface ProductsResult {
  rows: number;
  /** Visible top-level product ids per root department, for guide carousels. */
  showcase: number[][];
}

/**
 * Writes `total` product rows, variants included: a parent with k variants uses k + 1 of them, so
 * the catalogue holds exactly the number asked for.
 */
export function seedProducts(sqlite: Database.Database, leaves: Leaf[], options: OptionIds, sellerIds: number[], total: number): ProductsResult {
  const r = rng('products');
  const out = writers(sqlite);
  const pickLeaf = leafPicker(leaves);
  const positions = new Map<number, number>();
  const showcase: number[][] = [];
  for (const leaf of leaves) showcase[leaf.rootIndex] = [];
  const nextPosition = (leafId: number) => {
    const p = (positions.get(leafId) ?? 0) + 1;
    positions.set(leafId, p);
    return p;
  };

  const optionIds = (d: Draft, isSet: boolean): number[] => {
    const a = d.leaf.attrs;
    const ids: number[] = [];
    if (a.has('znacka')) ids.push(options.znacka.get(d.brand)!);
    if (a.has('farba') && d.colour) ids.push(options.farba[COLOUR_INDEX.get(d.colour.key)!]);
    if (a.has('material') && d.material) ids.push(options.material.get(d.material)!);
    if (a.has('velkost') && d.size >= 0) ids.push(options.velkost[d.size]);
    if (a.has('urcenie') && d.purpose >= 0) ids.push(options.urcenie[d.purpose]);
    if (a.has('balenie')) ids.push(options.balenie[isSet ? 3 : packIndex(d)]);
    return ids;
  };

  // Sellers sell what fits them (SELLER_LEAVES), most of those leaves' products, from their own stream.
  const sellerRng = rng('seller-fit');
  const named = new Map(
    (sqlite.prepare('SELECT id, name FROM sellers WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(sellerIds)) as { id: number; name: string }[]).map((s) => [s.name, s.id]),
  );
  const fitSeller = (leafName: string): number | null => {
    const fits = Object.entries(SELLER_LEAVES).flatMap(([seller, leafNames]) => (named.has(seller) && leafNames.includes(leafName) ? [named.get(seller)!] : []));
    return fits.length > 0 && sellerRng.chance(0.8) ? sellerRng.pick(fits) : null;
  };

  let id = 0;
  while (id < total) {
    const leaf = id === 0 ? showpiece.leaf(leaves) : pickLeaf(r);
    const d = id === 0 ? showpiece.draft(drawDraft(r, leaf)) : drawDraft(r, leaf);
    // The draw stays (the products' stream is unchanged); who sells it follows what the leaf holds.
    const common = { ...drawCommon(r, sellerIds), sellerId: fitSeller(leaf.name) };
    const cents = drawCents(priceRange(leaf.name, d.item.phrase, leaf.root.price), r);
    const oldCents = r.chance(0.25) ? drawOldCents(cents, r) : null;
    const axis = id > 0 && total - id >= 3 && r.chance(0.05) ? variantAxis(r, d, Math.min(r.int(2, 4), total - id - 1)) : null;
    const parentId = ++id;
    const position = nextPosition(leaf.id);
    const tagsPublic = ribbons(r, oldCents !== null, common.createdAt);

    if (axis === null) {
      // A set bundles two different things from one leaf ("Sada Kuchynka: hrniec 3 l + pokrievka").
      const partners = leaf.items.filter((i) => i !== d.item && !i.phrase.startsWith('Sada'));
      const isSet = r.chance(0.05) && parentId > 1 && partners.length > 0 && !d.item.phrase.startsWith('Sada');
      const partner = isSet ? r.pick(partners) : null;
      const parts = parentId === 1 ? SHOWPIECE_PARTS : partner ? null : drawNameParts(r, d);
      const name = parentId === 1 ? showpiece.name : partner ? setName(d, partner) : productName(d, parts!);
      const nameIn = (locale: SeedLocale) => (partner ? setNameIn(locale, d, partner) : productNameIn(locale, d, parts!));
      const description = productDescriptions(r, d);
      out.product({
        ...common, id: parentId, parentId: null, categoryId: leaf.id, type: isSet ? 'set' : 'single', name,
        description: description.sk, tagsPublic, childrenCount: 0, variantView: null, position,
      });
      out.texts(parentId, nameIn, description);
      out.prices(parentId, cents, oldCents);
      out.images(parentId, name, r.weighted([1, 2, 3, 4], [30, 35, 25, 10]));
      out.values(parentId, optionIds(d, isSet));
      if (common.visible === 2) showcase[leaf.rootIndex].push(parentId);
      continue;
    }

    // A parent with variants: the shared name, the lowest variant price, and every variant's option.
    // The parent stays type 'single'; its children are the 'variant' rows.
    const variants = axis.values.map((v) => ({ draft: axis.apply(d, v), cents: variantCents(cents, r) }));
    const parentParts = { brand: true, spec: axis.kind !== 'spec', colour: false, purpose: false, size: false };
    const parentName = productName(d, parentParts);
    const description = productDescriptions(r, d);
    const variantView = r.chance(0.5) ? 'grid' : 'list';
    out.product({
      ...common, id: parentId, parentId: null, categoryId: leaf.id, type: 'single', name: parentName, description: description.sk, tagsPublic,
      childrenCount: variants.length, variantView, position,
    });
    out.texts(parentId, (locale) => productNameIn(locale, d, parentParts), description);
    const from = Math.min(...variants.map((v) => v.cents));
    out.prices(parentId, from, oldCents === null ? null : drawOldCents(from, r));
    out.images(parentId, parentName, r.int(2, 4));
    out.values(parentId, [...new Set(variants.flatMap((v) => optionIds(v.draft, false)))]);
    if (common.visible === 2) showcase[leaf.rootIndex].push(parentId);
    variants.forEach((v, i) => {
      const vid = ++id;
      const variantParts = { brand: true, spec: true, colour: axis.kind === 'farba', purpose: false, size: axis.kind === 'velkost' };
      const name = productName(v.draft, variantParts);
      const createdAt = common.createdAt + (i + 1) * MINUTE;
      out.product({
        ...common, ...drawStock(r), id: vid, parentId, type: 'variant', categoryId: leaf.id, name, description: description.sk, tagsPublic: '[]',
        hasVideos: false, childrenCount: 0, variantView: null, position: i + 1, createdAt, updatedAt: Math.max(createdAt, common.updatedAt),
      });
      out.texts(vid, (locale) => productNameIn(locale, v.draft, variantParts), description);
      out.prices(vid, v.cents, oldCents === null ? null : drawOldCents(v.cents, r));
      out.images(vid, name, r.int(1, 2));
      out.values(vid, optionIds(v.draft, false));
    });
  }
  return { rows: id, showcase };
}

/** The parts of product 1's name ("Šľahačková torta – forma 24 cm"), for its Czech and English names. */
const SHOWPIECE_PARTS = { brand: false, spec: true, colour: false, purpose: false, size: false };

/** Product 1 is always the same, so a search for "slahackova" finds something in any demo shop. */
const showpiece = {
  name: 'Šľahačková torta – forma 24 cm',
  leaf: (leaves: Leaf[]) => leaves.find((l) => l.items.some((i) => i.phrase.startsWith('Šľahačková torta')))!,
  draft: (d: Draft): Draft => ({ ...d, item: d.leaf.items.find((i) => i.phrase.startsWith('Šľahačková torta'))!, spec: d.leaf.specs.indexOf('24 cm') }),
};

const COLOUR_INDEX = new Map(COLOURS.map((c, i) => [c.key, i]));

function packIndex(d: Draft): number {
  const n = d.leaf.specs.length;
  if (d.spec < 0 || n < 2) return 1;
  const at = d.spec / (n - 1);
  return at < 1 / 3 ? 0 : at <= 2 / 3 ? 1 : 2;
}

interface Axis {
  kind: 'farba' | 'velkost' | 'spec';
  values: number[];
  apply(d: Draft, value: number): Draft;
}

/** What the variants differ in: colour where the leaf filters by colour, else size, else capacity. */
function variantAxis(r: Rng, d: Draft, count: number): Axis | null {
  if (count < 2) return null;
  const sorted = (n: number) => r.sample([...Array(n).keys()], Math.min(count, n)).sort((a, b) => a - b);
  if (d.colour) return { kind: 'farba', values: sorted(COLOURS.length), apply: (x, v) => ({ ...x, colour: COLOURS[v] }) };
  if (d.size >= 0 && d.spec < 0) return { kind: 'velkost', values: sorted(SIZES.length), apply: (x, v) => ({ ...x, size: v }) };
  if (d.leaf.specs.length >= 2) return { kind: 'spec', values: sorted(d.leaf.specs.length), apply: (x, v) => ({ ...x, spec: v }) };
  return null;
}

function drawStock(r: Rng): { quantity: number; availabilityDays: number; manufactured: boolean } {
  if (r.chance(0.05)) return { quantity: 0, availabilityDays: r.chance(0.5) ? 7 : 14, manufactured: true };
  if (r.chance(0.15)) return { quantity: 0, availabilityDays: r.weighted(WAITING_DAYS, [25, 25, 20, 15, 15]), manufactured: false };
  const x = r.next();
  return { quantity: 1 + Math.floor(199 * x * x), availabilityDays: r.chance(0.95) ? 0 : 1, manufactured: false };
}

/** The leaves whose goods each demo seller (seed/sellers.ts, by name) makes; other products are the shop's own. */
const SELLER_LEAVES: Record<string, string[]> = {
  'Keramika Modrý džbán': ['Taniere', 'Poháre a šálky', 'Vázy', 'Kvetináče'],
  'Bylinková záhrada Liptov': ['Bylinné čaje', 'Sirupy', 'Med', 'Semená'],
  'Drevené hračky Orava': ['Stavebnice', 'Hry a puzzle', 'Autíčka a vláčiky', 'Hrkálky a hryzátka'],
  'Šijeme doma': ['Obrusy a prestieranie', 'Uteráky a osušky', 'Detské tričká', 'Pyžamá'],
};

function drawCommon(r: Rng, sellerIds: number[]) {
  const v = r.next();
  const limit = r.next();
  const createdAt = SEED_BASE_TIME - r.int(0, TWO_YEARS_MINUTES) * MINUTE;
  const updatedAt = Math.min(SEED_BASE_TIME, createdAt + r.int(0, 90 * 24 * 60) * MINUTE);
  const tagCount = r.weighted([0, 1, 2], [60, 30, 10]);
  return {
    ...drawStock(r),
    sellerId: sellerIds.length > 0 && r.chance(0.1) ? r.pick(sellerIds) : null,
    visible: v < 0.95 ? 2 : v < 0.98 ? 0 : 4,
    cartLimit: limit < 0.06 ? 5 : limit < 0.1 ? 10 : null,
    tags: JSON.stringify(r.sample(TAGS, tagCount)),
    hasVideos: r.chance(0.1),
    createdAt,
    updatedAt,
  };
}

/** Ribbons on about a fifth of the products: discounts get "zlava", the last month "novinka". */
function ribbons(r: Rng, discounted: boolean, createdAt: number): string {
  const out: string[] = [];
  if (createdAt > SEED_BASE_TIME - 30 * DAY && r.chance(0.7)) out.push('novinka');
  if (discounted && r.chance(0.45)) out.push('zlava');
  if (r.chance(0.05)) out.push('top');
  if (r.chance(0.03)) out.push('akcia');
  return JSON.stringify(out);
}

/** Departments are uneven, as in a real shop: leaf weights fall off like 1 / rank^0.7. */
function leafPicker(leaves: Leaf[]): (r: Rng) => Leaf {
  const order = rng('leaf-weights').shuffle(leaves);
  const cumulative: number[] = [];
  let sum = 0;
  order.forEach((_, i) => cumulative.push((sum += 1 / Math.pow(i + 1, 0.7))));
  return (r) => {
    const x = r.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return order[lo];
  };
}

const pad6 = (id: number) => String(id).padStart(6, '0');

/** Prepared statements for the hot loop: raw better-sqlite3, positional parameters, no builders. */
function writers(sqlite: Database.Database) {
  const product = sqlite.prepare(
    `INSERT INTO products (id, parent_id, category_id, seller_id, type, name, slug, code_public, description, image_filename,
       visible, quantity, cart_limit, manufactured, availability_days, inventory_status, tags, tags_public, has_videos,
       children_count, variant_view, variant_view_setting, position, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const price = sqlite.prepare(
    'INSERT INTO product_prices (product_id, shop_id, price_b2c, price_old_b2c, price_b2b, price_old_b2b, vat_rate) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const image = sqlite.prepare('INSERT INTO product_images (id, product_id, filename, alt, text, position) VALUES (?, ?, ?, ?, ?, ?)');
  const value = sqlite.prepare('INSERT INTO product_attribute_values (product_id, option_id) VALUES (?, ?)');
  // Czech and English names and descriptions (catalog-i18n.ts); the Czech shop's slug keeps the code suffix.
  const text = sqlite.prepare('INSERT INTO product_texts (product_id, locale, name, slug, description) VALUES (?, ?, ?, ?, ?)');
  let imageId = 0;
  // Names repeat a lot across 100,000 products; NFD normalising each one again is wasted work.
  const slugs = new Map<string, string>();
  const slugOf = (name: string) => {
    let slug = slugs.get(name);
    if (slug === undefined) slugs.set(name, (slug = slugify(name)));
    return slug;
  };

  return {
    product(p: ProductRow): void {
      const code = pad6(p.id);
      product.run(
        p.id, p.parentId, p.categoryId, p.sellerId, p.type, p.name,
        // Products live at /{slug} beside categories; the code suffix keeps the two apart and unique.
        `${slugOf(p.name)}-ob-${code}`, `OB-${code}`, p.description, `p${code}-1.svg`,
        p.visible, p.quantity, p.cartLimit, p.manufactured ? 1 : 0, p.availabilityDays, p.tags, p.tagsPublic,
        // variant_view_setting mirrors variant_view: the layout the parent was configured with.
        p.hasVideos ? 1 : 0, p.childrenCount, p.variantView, p.variantView, p.position, p.createdAt, p.updatedAt,
      );
    },
    texts(productId: number, nameIn: (locale: SeedLocale) => string, description: Record<SeedLocale, string>): void {
      const cs = nameIn('cs');
      text.run(productId, 'cs', cs, `${slugOf(cs)}-ob-${pad6(productId)}`, description.cs);
      text.run(productId, 'en', nameIn('en'), null, description.en);
    },
    prices(productId: number, cents: number, oldCents: number | null): void {
      for (const row of priceRows(cents, oldCents)) price.run(productId, row.shopId, row.b2c, row.oldB2c, row.b2b, row.oldB2b, row.vatRate);
    },
    /** File names only: the media route draws each picture from its name. */
    images(productId: number, name: string, count: number): void {
      const code = pad6(productId);
      for (let n = 1; n <= count; n++) image.run(++imageId, productId, `p${code}-${n}.svg`, name, CAPTIONS[n - 1], n);
    },
    values(productId: number, optionIds: number[]): void {
      for (const optionId of optionIds) value.run(productId, optionId);
    },
  };
}

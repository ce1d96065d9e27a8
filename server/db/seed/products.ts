import type Database from 'better-sqlite3';
import type { Leaf, OptionIds } from './catalog';
import { drawCents, drawOldCents, priceRange, variantCents } from './prices';
import { productDescriptions } from './product-description';
import { drawCommon, drawStock, ribbons } from './product-offer';
import { leafPicker, sellerPicker } from './product-placement';
import { pictureOf } from './product-pictures';
import { drawDraft, drawNameParts, productName, productNameIn, setName, setNameIn, type Draft } from './product-text';
import { optionIdsOf, variantAxis } from './product-variants';
import { productWriter } from './product-writer';
import type { SeedLocale } from './catalog-i18n';
import { MINUTE, rng } from './random';

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
  const out = productWriter(sqlite);
  const pickLeaf = leafPicker(leaves);
  const positions = new Map<number, number>();
  const showcase: number[][] = [];
  for (const leaf of leaves) showcase[leaf.rootIndex] = [];
  const nextPosition = (leafId: number) => {
    const p = (positions.get(leafId) ?? 0) + 1;
    positions.set(leafId, p);
    return p;
  };

  const optionIds = (d: Draft, isSet: boolean) => optionIdsOf(options, d, isSet);
  const fitSeller = sellerPicker(sqlite, sellerIds);

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
    const picture = pictureOf(d);
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
      }, picture);
      out.texts(parentId, nameIn, description);
      out.prices(parentId, cents, oldCents);
      out.images(parentId, name, r.weighted([1, 2, 3, 4], [30, 35, 25, 10]), picture);
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
    }, picture);
    out.texts(parentId, (locale) => productNameIn(locale, d, parentParts), description);
    const from = Math.min(...variants.map((v) => v.cents));
    out.prices(parentId, from, oldCents === null ? null : drawOldCents(from, r));
    out.images(parentId, parentName, r.int(2, 4), picture);
    out.values(parentId, [...new Set(variants.flatMap((v) => optionIds(v.draft, false)))]);
    if (common.visible === 2) showcase[leaf.rootIndex].push(parentId);
    variants.forEach((v, i) => {
      const vid = ++id;
      const variantParts = { brand: true, spec: true, colour: axis.kind === 'farba', purpose: false, size: axis.kind === 'velkost' };
      const name = productName(v.draft, variantParts);
      const variantPicture = pictureOf(v.draft);
      const createdAt = common.createdAt + (i + 1) * MINUTE;
      out.product({
        ...common, ...drawStock(r), id: vid, parentId, type: 'variant', categoryId: leaf.id, name, description: description.sk, tagsPublic: '[]',
        hasVideos: false, childrenCount: 0, variantView: null, position: i + 1, createdAt, updatedAt: Math.max(createdAt, common.updatedAt),
      }, variantPicture);
      out.texts(vid, (locale) => productNameIn(locale, v.draft, variantParts), description);
      out.prices(vid, v.cents, oldCents === null ? null : drawOldCents(v.cents, r));
      out.images(vid, name, r.int(1, 2), variantPicture);
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

import { COLOURS, PURPOSES, SIZES, type ColourDef } from './attributes-data';
import type { Item, Leaf } from './catalog';
import type { Rng } from './random';
import { COLOUR_FORMS, phraseIn, PURPOSE_SUFFIXES, specIn, type SeedLocale } from './catalog-i18n';

/** One product's choices before it becomes rows: what it is, who makes it, its size and colour. */
export interface Draft {
  leaf: Leaf;
  item: Item;
  brand: string;
  /** Index into leaf.specs, -1 when the leaf sells things without a size ("Metla"). */
  spec: number;
  colour: ColourDef | null;
  size: number;
  material: string | null;
  purpose: number;
}

export function drawDraft(r: Rng, leaf: Leaf): Draft {
  const item = r.pick(leaf.items);
  const materials = leaf.root.materials;
  let purpose = -1;
  if (leaf.attrs.has('urcenie')) purpose = /^Detsk/.test(item.phrase) ? 2 : r.int(0, PURPOSES.length - 1);
  return {
    leaf,
    item,
    brand: r.pick(leaf.root.brands),
    spec: leaf.specs.length > 0 ? r.int(0, leaf.specs.length - 1) : -1,
    colour: leaf.attrs.has('farba') ? r.pick(COLOURS) : null,
    size: leaf.attrs.has('velkost') ? r.int(0, SIZES.length - 1) : -1,
    material: leaf.attrs.has('material') ? (item.material ?? (materials.length > 0 ? r.pick(materials) : 'plast')) : null,
    purpose,
  };
}

export interface NameParts {
  brand: boolean;
  spec: boolean;
  colour: boolean;
  purpose: boolean;
  size: boolean;
}

/** "Nerezový hrniec Kuchynka 3 l", "Detská fľaša na vodu 500 ml modrá", "Funkčné tričko Horal, veľ. M". */
export function productName(d: Draft, parts: NameParts): string {
  let name = d.item.phrase;
  if (parts.brand) name += ` ${d.brand}`;
  if (parts.spec && d.spec >= 0) name += ` ${d.leaf.specs[d.spec]}`;
  if (parts.colour && d.colour) name += ` ${d.colour.forms[d.item.gender]}`;
  if (parts.purpose && d.purpose >= 0 && PURPOSES[d.purpose].suffix && !/^Detsk/.test(d.item.phrase)) name += ` ${PURPOSES[d.purpose].suffix}`;
  if (parts.size && d.size >= 0) name += `, veľ. ${SIZES[d.size].label}`;
  return name;
}

/** The same name in Czech or English, from the same parts (catalog-i18n.ts). */
export function productNameIn(locale: SeedLocale, d: Draft, parts: NameParts): string {
  const { phrase, gender } = phraseIn(locale, d.item.phrase, d.item.gender);
  let name = phrase;
  if (parts.brand) name += ` ${d.brand}`;
  if (parts.spec && d.spec >= 0) name += ` ${specIn(locale, d.leaf.specs[d.spec])}`;
  if (parts.colour && d.colour) name += locale === 'en' ? `, ${COLOUR_FORMS.en[d.colour.key].m}` : ` ${COLOUR_FORMS.cs[d.colour.key][gender]}`;
  const suffix = d.purpose >= 0 ? PURPOSE_SUFFIXES[locale][PURPOSES[d.purpose].key] : undefined;
  if (parts.purpose && suffix && !/^Detsk/.test(d.item.phrase)) name += ` ${suffix}`;
  if (parts.size && d.size >= 0) name += `, ${locale === 'en' ? 'size' : 'vel.'} ${SIZES[d.size].label}`;
  return name;
}

/** Which parts a plain product shows in its name; sizes only where the leaf sells wearables. */
export function drawNameParts(r: Rng, d: Draft): NameParts {
  return {
    brand: r.chance(0.75),
    spec: true,
    colour: r.chance(0.55),
    purpose: d.leaf.root.purposeInName === true && r.chance(0.5),
    size: d.spec < 0 && r.chance(0.6),
  };
}

export const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

/** "Sada Kuchynka: nerezový hrniec + sklenená pokrievka". */
export function setName(d: Draft, other: Item): string {
  const size = d.spec >= 0 ? ` ${d.leaf.specs[d.spec]}` : '';
  return `Sada ${d.brand}: ${lowerFirst(d.item.phrase)}${size} + ${lowerFirst(other.phrase)}`;
}

/** A set's name in Czech or English. */
export function setNameIn(locale: SeedLocale, d: Draft, other: Item): string {
  const size = d.spec >= 0 ? ` ${specIn(locale, d.leaf.specs[d.spec])}` : '';
  const first = lowerFirst(phraseIn(locale, d.item.phrase, d.item.gender).phrase);
  const second = lowerFirst(phraseIn(locale, other.phrase, other.gender).phrase);
  return locale === 'en' ? `${d.brand} set: ${first}${size} + ${second}` : `Sada ${d.brand}: ${first}${size} + ${second}`;
}

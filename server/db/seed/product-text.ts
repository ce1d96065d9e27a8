import { COLOURS, MATERIALS, PURPOSES, SIZES, type ColourDef, type OptionDef } from './attributes-data';
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

const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

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

const OPENERS: ((d: Draft) => string)[] = [
  (d) => `${d.item.phrase} od značky ${d.brand} spája praktické použitie s moderným dizajnom.`,
  (d) => `${d.item.phrase} ${d.brand} ${d.item.gender === 'pl' ? 'sú' : 'je'} obľúbenou voľbou zákazníkov, ktorí hľadajú kvalitu za rozumnú cenu.`,
  (d) => `Značka ${d.brand} sa zameriava na odolné výrobky pre každodenné použitie.`,
];

const MIDDLES = [
  'Výrobok prešiel kontrolou kvality a spĺňa platné normy Európskej únie.',
  'Pri správnom používaní vám bude spoľahlivo slúžiť mnoho rokov.',
  'Údržba je jednoduchá a zvládnete ju za pár minút.',
  'Hodí sa aj ako praktický darček pre vašich blízkych.',
  'Balenie je recyklovateľné a neobsahuje zbytočné plasty.',
  'Pred prvým použitím si prosím prečítajte priložený návod.',
];

const CLOSERS = [
  'Tovar skladom odosielame do 24 hodín, na Slovensko zvyčajne doručujeme do dvoch pracovných dní.',
  'Ak si nie ste istí výberom, radi vám poradíme e-mailom alebo telefonicky.',
  'Pri nákupe nad 49 € máte dopravu zadarmo.',
  'Tovar môžete vrátiť do 14 dní bez udania dôvodu.',
];

const MATERIAL_LABELS = new Map(MATERIALS.map((m: OptionDef) => [m.key, m.label.toLowerCase()]));

/** Plain editor-style HTML: two short paragraphs of Slovak sentences, nothing executable. */
export function productDescription(r: Rng, d: Draft): string {
  const facts: string[] = [];
  if (d.material) facts.push(`Materiál: ${MATERIAL_LABELS.get(d.material)}.`);
  if (d.colour) facts.push(`Farba: ${d.colour.label.toLowerCase()}.`);
  const first = `${r.pick(OPENERS)(d)} ${r.pick(MIDDLES)} V kategórii ${d.leaf.name} patrí medzi obľúbené produkty našich zákazníkov.`;
  const second = facts.length > 0 ? `${facts.join(' ')} ${r.pick(CLOSERS)}` : r.pick(CLOSERS);
  return `<p>${first}</p><p>${second}</p>`;
}

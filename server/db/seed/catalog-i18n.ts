import type { Gender } from './attributes-data';
import { CATEGORY_NAMES_CS } from './category-names-cs';
import { CATEGORY_NAMES_EN } from './category-names-en';
import { ITEM_PHRASES_CS_HOME } from './item-phrases-cs-home';
import { ITEM_PHRASES_CS_LEISURE } from './item-phrases-cs-leisure';
import { ITEM_PHRASES_EN_HOME } from './item-phrases-en-home';
import { ITEM_PHRASES_EN_LEISURE } from './item-phrases-en-leisure';

/**
 * The demo catalogue's words in Czech and English (docs/decisions/240): category names and the
 * product noun phrases by their Slovak text (category-names-*.ts, item-phrases-*.ts), so the seed
 * composes names per locale from the same parts as the Slovak ones. A Czech phrase may carry its own
 * gender ("phrase|f") where it differs from the Slovak one, so the colour adjective agrees.
 */
export type SeedLocale = 'cs' | 'en';
/** The locales the seed writes texts in besides Slovak. */
export const SEED_LOCALES: SeedLocale[] = ['cs', 'en'];

export const CATEGORY_NAMES: Record<SeedLocale, Record<string, string>> = { cs: CATEGORY_NAMES_CS, en: CATEGORY_NAMES_EN };

export const ITEM_PHRASES: Record<SeedLocale, Record<string, string>> = {
  cs: { ...ITEM_PHRASES_CS_HOME, ...ITEM_PHRASES_CS_LEISURE },
  en: { ...ITEM_PHRASES_EN_HOME, ...ITEM_PHRASES_EN_LEISURE },
};

/** Colour adjectives by colour key and gender (English has one form). */
export const COLOUR_FORMS: Record<SeedLocale, Record<string, Record<Gender, string>>> = {
  cs: Object.fromEntries(
    (
      [
        ['cierna', 'čern'], ['biela', 'bíl'], ['siva', 'šed'], ['cervena', 'červen'], ['modra', 'modr'], ['zelena', 'zelen'], ['zlta', 'žlut'],
        ['ruzova', 'růžov'], ['fialova', 'fialov'], ['oranzova', 'oranžov'], ['hneda', 'hněd'], ['bezova', 'béžov'], ['tyrkysova', 'tyrkysov'],
      ] as const
    ).map(([key, stem]) => [key, { m: `${stem}ý`, f: `${stem}á`, n: `${stem}é`, pl: `${stem}é` }]),
  ),
  en: Object.fromEntries(
    (
      [
        ['cierna', 'black'], ['biela', 'white'], ['siva', 'grey'], ['cervena', 'red'], ['modra', 'blue'], ['zelena', 'green'], ['zlta', 'yellow'],
        ['ruzova', 'pink'], ['fialova', 'purple'], ['oranzova', 'orange'], ['hneda', 'brown'], ['bezova', 'beige'], ['tyrkysova', 'turquoise'],
      ] as const
    ).map(([key, word]) => [key, { m: word, f: word, n: word, pl: word }]),
  ),
};

/** The purpose suffixes ("pre ženy") by purpose key; the others add none. */
export const PURPOSE_SUFFIXES: Record<SeedLocale, Record<string, string>> = {
  cs: { 'pre-zeny': 'pro ženy', 'pre-muzov': 'pro muže', 'pre-deti': 'pro děti' },
  en: { 'pre-zeny': 'for women', 'pre-muzov': 'for men', 'pre-deti': 'for kids' },
};

/** Material names by material key (attributes-data.ts), lower case as a description says them. */
export const MATERIAL_NAMES: Record<SeedLocale, Record<string, string>> = {
  cs: {
    nerez: 'nerez', liatina: 'litina', ocel: 'ocel', hlinik: 'hliník', smalt: 'smalt', keramika: 'keramika', porcelan: 'porcelán',
    sklo: 'sklo', drevo: 'dřevo', bambus: 'bambus', plast: 'plast', silikon: 'silikon', bavlna: 'bavlna', polyester: 'polyester',
    mikrovlakno: 'mikrovlákno', plys: 'plyš', vosk: 'vosk', nylon: 'nylon', koza: 'kůže',
  },
  en: {
    nerez: 'stainless steel', liatina: 'cast iron', ocel: 'steel', hlinik: 'aluminium', smalt: 'enamel', keramika: 'ceramic', porcelan: 'porcelain',
    sklo: 'glass', drevo: 'wood', bambus: 'bamboo', plast: 'plastic', silikon: 'silicone', bavlna: 'cotton', polyester: 'polyester',
    mikrovlakno: 'microfibre', plys: 'plush', vosk: 'wax', nylon: 'nylon', koza: 'leather',
  },
};

/** Words inside sizes and packs ("30 tabliet", "veľkosť 3", "0,5 l"). */
const SPEC_WORDS: Record<SeedLocale, [RegExp, string][]> = {
  cs: [[/tabliet/, 'tablet'], [/kapsúl/, 'kapslí'], [/dielikov/, 'dílků'], [/veľkosť/, 'velikost']],
  en: [[/tabliet/, 'tablets'], [/kapsúl/, 'capsules'], [/dielikov/, 'pieces'], [/veľkosť/, 'size'], [/ ks$/, ' pcs'], [/(\d),(\d)/, '$1.$2']],
};

export function specIn(locale: SeedLocale, spec: string): string {
  let out = spec;
  for (const [from, to] of SPEC_WORDS[locale]) out = out.replace(from, to);
  return out;
}

/** A noun phrase in `locale` and the gender its adjectives agree with; the Slovak one when missing. */
export function phraseIn(locale: SeedLocale, phrase: string, gender: Gender): { phrase: string; gender: Gender } {
  const entry = ITEM_PHRASES[locale][phrase];
  if (!entry) return { phrase, gender };
  const [text, own] = entry.split('|');
  return { phrase: text, gender: (own as Gender | undefined) ?? gender };
}

/** The departments' descriptions in Czech and English by their Slovak text (catalog-tree-*.ts). */
export const DEPARTMENT_DESCRIPTIONS: Record<SeedLocale, Record<string, string>> = {
  cs: {
    'Hrnce, panvice, formy na pečenie, nože a všetko, čo potrebujete na varenie a stolovanie.': 'Hrnce, pánve, formy na pečení, nože a vše, co potřebujete k vaření a stolování.',
    'Upratovanie, textil, úložné riešenia a dekorácie pre útulný domov.': 'Úklid, textil, úložná řešení a dekorace pro útulný domov.',
    'Náradie, zavlažovanie, pestovanie a grilovanie – všetko pre vašu záhradu a balkón.': 'Nářadí, zavlažování, pěstování a grilování – vše pro vaši zahradu a balkon.',
    'Kozmetika, hygiena a drogéria pre celú rodinu za výhodné ceny.': 'Kosmetika, hygiena a drogerie pro celou rodinu za výhodné ceny.',
    'Hračky, potreby pre bábätká, detské oblečenie a všetko do školy.': 'Hračky, potřeby pro miminka, dětské oblečení a vše do školy.',
    'Fitness, turistika, cyklistika a športové oblečenie pre aktívny život.': 'Fitness, turistika, cyklistika a sportovní oblečení pro aktivní život.',
    'Malé spotrebiče, osvetlenie, nabíjačky a príslušenstvo k mobilom.': 'Malé spotřebiče, osvětlení, nabíječky a příslušenství k mobilům.',
    'Vitamíny, zdravotnícke pomôcky, prvá pomoc a bylinky.': 'Vitamíny, zdravotnické pomůcky, první pomoc a bylinky.',
    'Krmivo, pelechy a hračky pre psov, mačky, hlodavce a akvaristiku.': 'Krmivo, pelíšky a hračky pro psy, kočky, hlodavce a akvaristiku.',
  },
  en: {
    'Hrnce, panvice, formy na pečenie, nože a všetko, čo potrebujete na varenie a stolovanie.': 'Pots, pans, baking tins, knives and everything you need for cooking and dining.',
    'Upratovanie, textil, úložné riešenia a dekorácie pre útulný domov.': 'Cleaning, textiles, storage and decorations for a cosy home.',
    'Náradie, zavlažovanie, pestovanie a grilovanie – všetko pre vašu záhradu a balkón.': 'Tools, watering, growing and grilling – everything for your garden and balcony.',
    'Kozmetika, hygiena a drogéria pre celú rodinu za výhodné ceny.': 'Cosmetics, hygiene and household goods for the whole family at good prices.',
    'Hračky, potreby pre bábätká, detské oblečenie a všetko do školy.': 'Toys, baby essentials, children’s clothes and everything for school.',
    'Fitness, turistika, cyklistika a športové oblečenie pre aktívny život.': 'Fitness, hiking, cycling and sportswear for an active life.',
    'Malé spotrebiče, osvetlenie, nabíjačky a príslušenstvo k mobilom.': 'Small appliances, lighting, chargers and phone accessories.',
    'Vitamíny, zdravotnícke pomôcky, prvá pomoc a bylinky.': 'Vitamins, medical aids, first aid and herbs.',
    'Krmivo, pelechy a hračky pre psov, mačky, hlodavce a akvaristiku.': 'Food, beds and toys for dogs, cats, rodents and aquariums.',
  },
};

/** What a lower category's description says, by locale, around its name (sk is the fallback). */
export const CATEGORY_BLURBS: Record<'sk' | SeedLocale, { group: (name: string) => string; leaf: (name: string) => string }> = {
  sk: { group: (name) => `${name}: široký výber skladom a rýchle doručenie.`, leaf: (name) => `${name} – vyberte si z ponuky overených značiek za výhodné ceny.` },
  cs: { group: (name) => `${name}: široký výběr skladem a rychlé doručení.`, leaf: (name) => `${name} – vyberte si z nabídky ověřených značek za výhodné ceny.` },
  en: { group: (name) => `${name}: a wide choice in stock and fast delivery.`, leaf: (name) => `${name} – choose from trusted brands at good prices.` },
};

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

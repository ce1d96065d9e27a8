/**
 * Filter vocabulary: attribute codes and option keys are ASCII (they appear in filter URLs such as
 * /kuchyna-a-varenie/1/farba:modra,cervena), labels are Slovak.
 */
export type AttrCode = 'znacka' | 'farba' | 'material' | 'velkost' | 'urcenie' | 'balenie';

/** Grammatical gender of a product noun phrase; decides the form of a colour adjective. */
export type Gender = 'm' | 'f' | 'n' | 'pl';

export interface OptionDef {
  key: string;
  label: string;
  style?: Record<string, string>;
}

export interface ColourDef extends OptionDef {
  /** The adjective after the noun: "hrniec modrý", "fľaša modrá", "sito modré", "poháre modré". */
  forms: Record<Gender, string>;
}

/**
 * Colour adjectives: -ý/-á/-é, or -y/-a/-e after a long syllable ("biely", "čierna"; the Slovak
 * rhythmic law). Inanimate plurals take the neuter form ("poháre modré").
 */
const colour = (key: string, hex: string, stem: string, short = false): ColourDef => {
  const forms = short ? { m: `${stem}y`, f: `${stem}a`, n: `${stem}e`, pl: `${stem}e` } : { m: `${stem}ý`, f: `${stem}á`, n: `${stem}é`, pl: `${stem}é` };
  return { key, label: forms.f[0].toUpperCase() + forms.f.slice(1), style: { background: hex }, forms };
};

export const COLOURS: ColourDef[] = [
  colour('cierna', '#111827', 'čiern', true),
  colour('biela', '#ffffff', 'biel', true),
  colour('siva', '#9ca3af', 'siv'),
  colour('cervena', '#dc2626', 'červen'),
  colour('modra', '#2563eb', 'modr'),
  colour('zelena', '#16a34a', 'zelen'),
  colour('zlta', '#facc15', 'žlt'),
  colour('ruzova', '#ec4899', 'ružov'),
  colour('fialova', '#9333ea', 'fialov'),
  colour('oranzova', '#f97316', 'oranžov'),
  colour('hneda', '#92400e', 'hned'),
  colour('bezova', '#d6c7a1', 'béžov'),
  colour('tyrkysova', '#14b8a6', 'tyrkysov'),
];

export const MATERIALS: OptionDef[] = [
  { key: 'nerez', label: 'Nerez' },
  { key: 'liatina', label: 'Liatina' },
  { key: 'ocel', label: 'Oceľ' },
  { key: 'hlinik', label: 'Hliník' },
  { key: 'smalt', label: 'Smalt' },
  { key: 'keramika', label: 'Keramika' },
  { key: 'porcelan', label: 'Porcelán' },
  { key: 'sklo', label: 'Sklo' },
  { key: 'drevo', label: 'Drevo' },
  { key: 'bambus', label: 'Bambus' },
  { key: 'plast', label: 'Plast' },
  { key: 'silikon', label: 'Silikón' },
  { key: 'bavlna', label: 'Bavlna' },
  { key: 'polyester', label: 'Polyester' },
  { key: 'mikrovlakno', label: 'Mikrovlákno' },
  { key: 'plys', label: 'Plyš' },
  { key: 'vosk', label: 'Vosk' },
  { key: 'nylon', label: 'Nylon' },
  { key: 'koza', label: 'Koža' },
];

export const SIZES: OptionDef[] = [
  { key: 'xs', label: 'XS' },
  { key: 's', label: 'S' },
  { key: 'm', label: 'M' },
  { key: 'l', label: 'L' },
  { key: 'xl', label: 'XL' },
  { key: 'xxl', label: 'XXL' },
];

/** Who a product is for; the name suffix is used in about half of the names. */
export const PURPOSES: (OptionDef & { suffix: string })[] = [
  { key: 'pre-zeny', label: 'Pre ženy', suffix: 'pre ženy' },
  { key: 'pre-muzov', label: 'Pre mužov', suffix: 'pre mužov' },
  { key: 'pre-deti', label: 'Pre deti', suffix: 'pre deti' },
  { key: 'unisex', label: 'Unisex', suffix: '' },
  { key: 'pre-celu-rodinu', label: 'Pre celú rodinu', suffix: '' },
];

/** Pack size, derived from where the product's size ("3 kg") sits in its category's range. */
export const PACKS: OptionDef[] = [
  { key: 'male', label: 'Malé balenie' },
  { key: 'standardne', label: 'Štandardné balenie' },
  { key: 'velke', label: 'Veľké balenie' },
  { key: 'vyhodne', label: 'Výhodné balenie' },
];

export const ATTRIBUTE_LABELS: Record<AttrCode, string> = {
  znacka: 'Značka',
  farba: 'Farba',
  material: 'Materiál',
  velkost: 'Veľkosť',
  urcenie: 'Určenie',
  balenie: 'Balenie',
};

/** Filter order on a category page. */
export const ATTRIBUTE_ORDER: AttrCode[] = ['znacka', 'farba', 'material', 'velkost', 'urcenie', 'balenie'];

import { MATERIALS } from './attributes-data';
import { CATEGORY_NAMES, COLOUR_FORMS, MATERIAL_NAMES, phraseIn, type SeedLocale } from './catalog-i18n';
import { lowerFirst, type Draft } from './product-text';
import type { Rng } from './random';

/** What a description says of one product in one language: its noun phrase, category, material and colour. */
interface Said {
  phrase: string;
  brand: string;
  plural: boolean;
  category: string;
  material: string | null;
  colour: string | null;
}

/** One language's sentences; each list has the same length in every language, so one draw picks all three. */
interface Sentences {
  openers: ((s: Said) => string)[];
  middles: string[];
  inCategory: (category: string) => string;
  material: string;
  colour: string;
  closers: string[];
}

const SENTENCES: Record<'sk' | SeedLocale, Sentences> = {
  sk: {
    openers: [
      (s) => `${s.phrase} od značky ${s.brand} spája praktické použitie s moderným dizajnom.`,
      (s) => `${s.phrase} ${s.brand} ${s.plural ? 'sú' : 'je'} obľúbenou voľbou zákazníkov, ktorí hľadajú kvalitu za rozumnú cenu.`,
      (s) => `Značka ${s.brand} sa zameriava na odolné výrobky pre každodenné použitie.`,
    ],
    middles: [
      'Výrobok prešiel kontrolou kvality a spĺňa platné normy Európskej únie.',
      'Pri správnom používaní vám bude spoľahlivo slúžiť mnoho rokov.',
      'Údržba je jednoduchá a zvládnete ju za pár minút.',
      'Hodí sa aj ako praktický darček pre vašich blízkych.',
      'Balenie je recyklovateľné a neobsahuje zbytočné plasty.',
      'Pred prvým použitím si prosím prečítajte priložený návod.',
    ],
    inCategory: (category) => `V kategórii ${category} patrí medzi obľúbené produkty našich zákazníkov.`,
    material: 'Materiál',
    colour: 'Farba',
    closers: [
      'Tovar skladom odosielame do 24 hodín, na Slovensko zvyčajne doručujeme do dvoch pracovných dní.',
      'Ak si nie ste istí výberom, radi vám poradíme e-mailom alebo telefonicky.',
      'Pri nákupe nad 49 € máte dopravu zadarmo.',
      'Tovar môžete vrátiť do 14 dní bez udania dôvodu.',
    ],
  },
  cs: {
    openers: [
      (s) => `${s.phrase} od značky ${s.brand} ${s.plural ? 'spojují' : 'spojuje'} praktické použití s moderním designem.`,
      (s) => `${s.phrase} ${s.brand} ${s.plural ? 'jsou' : 'je'} oblíbenou volbou zákazníků, kteří hledají kvalitu za rozumnou cenu.`,
      (s) => `Značka ${s.brand} se zaměřuje na odolné výrobky pro každodenní použití.`,
    ],
    middles: [
      'Výrobek prošel kontrolou kvality a splňuje platné normy Evropské unie.',
      'Při správném používání vám bude spolehlivě sloužit mnoho let.',
      'Údržba je jednoduchá a zvládnete ji za pár minut.',
      'Hodí se i jako praktický dárek pro vaše blízké.',
      'Balení je recyklovatelné a neobsahuje zbytečné plasty.',
      'Před prvním použitím si prosím přečtěte přiložený návod.',
    ],
    inCategory: (category) => `V kategorii ${category} patří mezi oblíbené produkty našich zákazníků.`,
    material: 'Materiál',
    colour: 'Barva',
    closers: [
      'Zboží skladem odesíláme do 24 hodin, obvykle je u vás do dvou pracovních dnů.',
      'Pokud si nejste jisti výběrem, rádi vám poradíme e-mailem nebo telefonicky.',
      'Nad hranicí pro dopravu zdarma vám zboží doručíme bez poplatku.',
      'Zboží můžete vrátit do 14 dnů bez udání důvodu.',
    ],
  },
  en: {
    openers: [
      (s) => `The ${lowerFirst(s.phrase)} by ${s.brand} ${s.plural ? 'combine' : 'combines'} practical use with modern design.`,
      (s) => `The ${lowerFirst(s.phrase)} by ${s.brand} ${s.plural ? 'are' : 'is'} a popular choice for customers looking for quality at a fair price.`,
      (s) => `${s.brand} focuses on durable products for everyday use.`,
    ],
    middles: [
      'The product has passed quality control and meets the current European Union standards.',
      'Used properly, it will serve you reliably for many years.',
      'Care is simple and takes just a few minutes.',
      'It also makes a practical gift for your loved ones.',
      'The packaging is recyclable and contains no unnecessary plastic.',
      'Please read the enclosed instructions before first use.',
    ],
    inCategory: (category) => `It is one of our customers' favourite products in the ${category} category.`,
    material: 'Material',
    colour: 'Colour',
    closers: [
      'Goods in stock ship within 24 hours and usually arrive within two working days.',
      'If you are not sure which to choose, we are happy to advise you by e-mail or phone.',
      'Orders above the free-shipping limit are delivered free of charge.',
      'You can return the goods within 14 days without giving a reason.',
    ],
  },
};

const MATERIAL_LABELS = new Map(MATERIALS.map((m) => [m.key, m.label.toLowerCase()]));

/** The same product in the words of `locale`: Czech and English phrases and names from catalog-i18n.ts. */
function said(locale: 'sk' | SeedLocale, d: Draft): Said {
  const material = d.material === null ? null : locale === 'sk' ? MATERIAL_LABELS.get(d.material)! : MATERIAL_NAMES[locale][d.material];
  if (locale === 'sk') {
    const colour = d.colour === null ? null : d.colour.label.toLowerCase();
    return { phrase: d.item.phrase, brand: d.brand, plural: d.item.gender === 'pl', category: d.leaf.name, material, colour };
  }
  const { phrase, gender } = phraseIn(locale, d.item.phrase, d.item.gender);
  const colour = d.colour === null ? null : COLOUR_FORMS[locale][d.colour.key].f;
  return { phrase, brand: d.brand, plural: gender === 'pl', category: CATEGORY_NAMES[locale][d.leaf.name] ?? d.leaf.name, material, colour };
}

function write(words: Sentences, s: Said, opener: number, middle: number, closer: number): string {
  const facts: string[] = [];
  if (s.material !== null) facts.push(`${words.material}: ${s.material}.`);
  if (s.colour !== null) facts.push(`${words.colour}: ${s.colour}.`);
  const first = `${words.openers[opener](s)} ${words.middles[middle]} ${words.inCategory(s.category)}`;
  const second = facts.length > 0 ? `${facts.join(' ')} ${words.closers[closer]}` : words.closers[closer];
  return `<p>${first}</p><p>${second}</p>`;
}

/**
 * Plain editor-style HTML: two short paragraphs, in Slovak and, from the same draw (one opener,
 * middle and closer), in Czech and English, so the three say the same thing.
 */
export function productDescriptions(r: Rng, d: Draft): Record<'sk' | SeedLocale, string> {
  const opener = r.int(0, SENTENCES.sk.openers.length - 1);
  const middle = r.int(0, SENTENCES.sk.middles.length - 1);
  const closer = r.int(0, SENTENCES.sk.closers.length - 1);
  return {
    sk: write(SENTENCES.sk, said('sk', d), opener, middle, closer),
    cs: write(SENTENCES.cs, said('cs', d), opener, middle, closer),
    en: write(SENTENCES.en, said('en', d), opener, middle, closer),
  };
}

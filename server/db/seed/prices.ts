import { SHOP_ROWS } from '../../shops/shops.service';
import type { Rng } from './random';

/** The B2B price is this share of the B2C one, as the wholesale list usually is. */
const B2B_SHARE = 0.83;
/** Rough crowns per euro; the Czech list is priced on its own, in whole crowns. */
const CZK_PER_EUR = 25;
const MIN_CENTS = 199;
const MAX_CENTS = 49_900;

const [SK, CZ] = [SHOP_ROWS[0], SHOP_ROWS[1]];

/** Cents that look like a shop price: 12,99 / 12,90 / 12,00 €. */
export function shelfCents(cents: number, r: Rng): number {
  const whole = Math.max(1, Math.floor(cents / 100));
  const x = r.next();
  return whole * 100 + (x < 0.7 ? 99 : x < 0.9 ? 90 : 0);
}

/** A B2C price in euro cents, log-uniform in the department's range. */
export function drawCents(range: [number, number], r: Rng): number {
  const [lo, hi] = [Math.log(range[0] * 100), Math.log(range[1] * 100)];
  return Math.min(MAX_CENTS, Math.max(MIN_CENTS, shelfCents(Math.exp(lo + r.next() * (hi - lo)), r)));
}

/** A crossed-out price 10–60 % above the current one. */
export function drawOldCents(cents: number, r: Rng): number {
  return Math.max(cents + 100, shelfCents(cents * (1.1 + r.next() * 0.5), r));
}

/** A variant's price: the parent's give or take (−15 % to +30 %), still ending in 9. */
export function variantCents(cents: number, r: Rng): number {
  return Math.min(MAX_CENTS, Math.max(MIN_CENTS, Math.round((cents * (0.85 + r.next() * 0.45)) / 10) * 10 - 1));
}

/** Whole crowns, ending in 9 from 20 Kč up (124,75 Kč → 129 Kč). */
function crowns(cents: number): number {
  const c = Math.max(1, Math.round((cents * CZK_PER_EUR) / 100));
  return c >= 20 ? Math.round((c + 1) / 10) * 10 - 1 : c;
}

export interface PriceRow {
  shopId: number;
  b2c: number;
  oldB2c: number | null;
  b2b: number;
  oldB2b: number | null;
  vatRate: number;
}

/** One row per shop: EUR cents for sk, CZK haléře (whole crowns × 100) for cz. */
export function priceRows(cents: number, oldCents: number | null): [PriceRow, PriceRow] {
  const b2b = Math.round(cents * B2B_SHARE);
  const czk = crowns(cents);
  const czkB2b = Math.round(czk * B2B_SHARE);
  let sk: PriceRow = { shopId: SK.id, b2c: cents, oldB2c: null, b2b, oldB2b: null, vatRate: SK.vatRate };
  let cz: PriceRow = { shopId: CZ.id, b2c: czk * 100, oldB2c: null, b2b: czkB2b * 100, oldB2b: null, vatRate: CZ.vatRate };
  if (oldCents !== null) {
    // Every old price stays above its current one, also after rounding to crowns.
    const oldCzk = Math.max(crowns(oldCents), czk + (czk >= 20 ? 10 : 1));
    sk = { ...sk, oldB2c: oldCents, oldB2b: Math.max(Math.round(oldCents * B2B_SHARE), b2b + 1) };
    cz = { ...cz, oldB2c: oldCzk * 100, oldB2b: Math.max(Math.round(oldCzk * B2B_SHARE), czkB2b + 1) * 100 };
  }
  return [sk, cz];
}

/**
 * What a shopper expects to pay, in EUR, per leaf category (Slovak name) and for a few items whose
 * price differs from their leaf's (a toothbrush against its heads): a cake tin 8–25 €, brush heads
 * 5–15 €. A leaf missing here keeps its department's range.
 */
const LEAF_PRICES: Record<string, [number, number]> = {
  Hrnce: [12, 60], Panvice: [12, 70], 'Tlakové hrnce': [40, 120], 'Pokrievky a príslušenstvo': [4, 18],
  'Formy na pečenie': [8, 25], 'Plechy a rošty': [6, 22], 'Pomôcky na pečenie': [2, 12], Vykrajovačky: [3, 12],
  Nože: [8, 60], 'Dosky na krájanie': [6, 35], 'Varešky a naberačky': [2, 10], 'Strúhadlá a lúpače': [3, 18],
  Taniere: [4, 15], 'Poháre a šálky': [3, 14], Príbory: [10, 60], 'Obrusy a prestieranie': [6, 30],
  'Dózy na potraviny': [4, 20], 'Fľaše a termosky': [8, 35], Zaváranie: [2, 12],
  'Mopy a vedrá': [8, 40], 'Handričky a hubky': [2, 8], 'Kefy a metly': [3, 15], 'Uteráky a osušky': [6, 30],
  'Posteľná bielizeň': [20, 70], 'Deky a prehozy': [15, 60], Vankúše: [10, 40], 'Úložné boxy': [5, 30],
  'Vešiaky a háčiky': [3, 15], 'Koše na bielizeň': [8, 30], Sviečky: [3, 15], Vázy: [8, 40], Fotorámiky: [4, 20],
  'Umelé kvety': [5, 25], 'Sušiaky na bielizeň': [15, 60], 'Žehliace dosky': [25, 80], 'Kolíky a vrecká na pranie': [2, 8],
  'Rýle a lopaty': [15, 45], Hrable: [8, 30], 'Nožnice a pílky': [10, 45], 'Záhradné hadice': [12, 50], Postrekovače: [8, 40],
  Kanvy: [5, 20], Kvetináče: [3, 25], 'Substráty a hnojivá': [4, 15], Semená: [1, 5],
  'Stoličky a lavice': [30, 150], 'Záhradné stoly': [60, 250], Slnečníky: [30, 120], Grily: [40, 350],
  'Príslušenstvo na grilovanie': [5, 25], 'Drevené uhlie a brikety': [5, 15],
  'Sprchové gély': [2, 8], 'Telové mlieka a krémy': [3, 15], Deodoranty: [2, 8], Šampóny: [3, 12], 'Kondicionéry a masky': [3, 15],
  'Hrebene a kefy': [3, 18], 'Pleťové krémy': [6, 30], 'Čistenie pleti': [4, 15], 'Pleťové masky': [2, 10],
  'Zubné pasty': [2, 6], 'Zubné kefky': [2, 8], 'Ústne vody': [3, 9], 'Pracie gély': [6, 18], 'Prostriedky na riad': [2, 6], 'Čistiace spreje': [2, 7],
  Stavebnice: [12, 80], 'Plyšové hračky': [8, 35], 'Hry a puzzle': [8, 40], 'Autíčka a vláčiky': [6, 40], 'Hrkálky a hryzátka': [4, 15],
  'Dojčenské fľaše a cumlíky': [5, 20], Prebaľovanie: [5, 30], 'Detské tričká': [6, 18], Pyžamá: [12, 30], 'Čiapky a nákrčníky': [6, 20],
  'Školské tašky': [30, 90], Peračníky: [6, 25], 'Výtvarné potreby': [3, 20],
  Činky: [10, 60], 'Podložky na cvičenie': [12, 40], 'Odporové gumy': [6, 20], Batohy: [25, 120], 'Stany a spacáky': [40, 250],
  'Turistické palice': [20, 70], Prilby: [25, 90], 'Svetlá na bicykel': [8, 40], 'Cyklistické fľaše': [5, 15],
  'Funkčné tričká': [12, 40], 'Legíny a šortky': [15, 45], 'Bundy a vetrovky': [40, 150], Lopty: [10, 35], 'Bedminton a stolný tenis': [10, 50],
  'Rýchlovarné kanvice': [20, 60], Mixéry: [25, 120], Hriankovače: [20, 60], Kávovary: [60, 450], Fény: [20, 80], Zastrihávače: [20, 70],
  'Elektrické zubné kefky': [30, 120], 'LED žiarovky': [2, 10], 'Stolové lampy': [15, 60], 'Svetelné reťaze': [8, 30],
  Nabíjačky: [8, 30], Káble: [4, 15], Powerbanky: [15, 50], 'Obaly na mobil': [6, 20], 'Alkalické batérie': [3, 12],
  'Nabíjateľné batérie': [8, 25], 'Nabíjačky batérií': [12, 35],
  'Vitamín C': [4, 15], 'Vitamín D': [5, 15], Magnézium: [5, 15], Teplomery: [6, 25], Tlakomery: [25, 70], Inhalátory: [30, 80],
  Náplasti: [2, 6], Obväzy: [1, 4], Lekárničky: [8, 30], 'Bylinné čaje': [2, 6], Sirupy: [4, 12], Med: [6, 15],
  'Krmivo pre psy': [10, 60], 'Obojky a vôdzky': [6, 25], 'Pelechy pre psov': [20, 70], 'Hračky pre psov': [3, 15],
  'Krmivo pre mačky': [3, 30], Škrabadlá: [15, 80], 'Podstielky a toalety': [5, 30], Klietky: [30, 120],
  'Krmivo pre hlodavce': [3, 10], Akváriá: [30, 200], 'Krmivo pre ryby': [3, 10], 'Filtre a čerpadlá': [15, 60],
};

/** Items priced apart from the rest of their leaf (the phrase as catalog-tree writes it). */
const ITEM_PRICES: Record<string, [number, number]> = {
  'Náhradné hlavice k zubnej kefke': [5, 15],
};

/** The B2C range in EUR a product is drawn from: its item's, else its leaf's, else its department's. */
export function priceRange(leafName: string, itemPhrase: string, department: [number, number]): [number, number] {
  return ITEM_PRICES[itemPhrase] ?? LEAF_PRICES[leafName] ?? department;
}

import type Database from 'better-sqlite3';
import { FREE_SHIPPING_TOKEN } from '../../cart/free-shipping';
import type { Locale } from '../../i18n/locales';

/**
 * The demo shop's small texts in the other languages (docs/decisions/249): filter attributes and
 * options, banners, overlays, point items, vouchers and gifts, written to content_texts. Keyed by
 * the row's own text (Slovak, or Czech for the Czech shop's banners, overlays and gifts), so the seed
 * needs no ids; a row whose text is not here (brands, sizes) keeps its own in every language.
 */
type Texts = Partial<Record<Exclude<Locale, 'sk'>, string>>;

const F = FREE_SHIPPING_TOKEN;

/** Attribute labels (attributes-data.ts ATTRIBUTE_LABELS). */
const ATTRIBUTES: Record<string, Texts> = {
  Značka: { cs: 'Značka', en: 'Brand', de: 'Marke', ro: 'Marcă', hu: 'Márka' },
  Farba: { cs: 'Barva', en: 'Colour', de: 'Farbe', ro: 'Culoare', hu: 'Szín' },
  Materiál: { cs: 'Materiál', en: 'Material', de: 'Material', ro: 'Material', hu: 'Anyag' },
  Veľkosť: { cs: 'Velikost', en: 'Size', de: 'Größe', ro: 'Mărime', hu: 'Méret' },
  Určenie: { cs: 'Určení', en: 'Intended for', de: 'Für wen', ro: 'Destinat pentru', hu: 'Kinek' },
  Balenie: { cs: 'Balení', en: 'Pack', de: 'Packung', ro: 'Ambalaj', hu: 'Kiszerelés' },
};

/** Option labels: colours, materials, purposes, packs (sizes and brands read the same everywhere). */
const OPTIONS: Record<string, Texts> = {
  Čierna: { cs: 'Černá', en: 'Black', de: 'Schwarz', ro: 'Negru', hu: 'Fekete' },
  Biela: { cs: 'Bílá', en: 'White', de: 'Weiß', ro: 'Alb', hu: 'Fehér' },
  Sivá: { cs: 'Šedá', en: 'Grey', de: 'Grau', ro: 'Gri', hu: 'Szürke' },
  Červená: { cs: 'Červená', en: 'Red', de: 'Rot', ro: 'Roșu', hu: 'Piros' },
  Modrá: { cs: 'Modrá', en: 'Blue', de: 'Blau', ro: 'Albastru', hu: 'Kék' },
  Zelená: { cs: 'Zelená', en: 'Green', de: 'Grün', ro: 'Verde', hu: 'Zöld' },
  Žltá: { cs: 'Žlutá', en: 'Yellow', de: 'Gelb', ro: 'Galben', hu: 'Sárga' },
  Ružová: { cs: 'Růžová', en: 'Pink', de: 'Rosa', ro: 'Roz', hu: 'Rózsaszín' },
  Fialová: { cs: 'Fialová', en: 'Purple', de: 'Lila', ro: 'Mov', hu: 'Lila' },
  Oranžová: { cs: 'Oranžová', en: 'Orange', de: 'Orange', ro: 'Portocaliu', hu: 'Narancssárga' },
  Hnedá: { cs: 'Hnědá', en: 'Brown', de: 'Braun', ro: 'Maro', hu: 'Barna' },
  Béžová: { cs: 'Béžová', en: 'Beige', de: 'Beige', ro: 'Bej', hu: 'Bézs' },
  Tyrkysová: { cs: 'Tyrkysová', en: 'Turquoise', de: 'Türkis', ro: 'Turcoaz', hu: 'Türkiz' },
  Nerez: { cs: 'Nerez', en: 'Stainless steel', de: 'Edelstahl', ro: 'Inox', hu: 'Rozsdamentes acél' },
  Liatina: { cs: 'Litina', en: 'Cast iron', de: 'Gusseisen', ro: 'Fontă', hu: 'Öntöttvas' },
  Oceľ: { cs: 'Ocel', en: 'Steel', de: 'Stahl', ro: 'Oțel', hu: 'Acél' },
  Hliník: { cs: 'Hliník', en: 'Aluminium', de: 'Aluminium', ro: 'Aluminiu', hu: 'Alumínium' },
  Smalt: { cs: 'Smalt', en: 'Enamel', de: 'Emaille', ro: 'Email', hu: 'Zománc' },
  Keramika: { cs: 'Keramika', en: 'Ceramic', de: 'Keramik', ro: 'Ceramică', hu: 'Kerámia' },
  Porcelán: { cs: 'Porcelán', en: 'Porcelain', de: 'Porzellan', ro: 'Porțelan', hu: 'Porcelán' },
  Sklo: { cs: 'Sklo', en: 'Glass', de: 'Glas', ro: 'Sticlă', hu: 'Üveg' },
  Drevo: { cs: 'Dřevo', en: 'Wood', de: 'Holz', ro: 'Lemn', hu: 'Fa' },
  Bambus: { cs: 'Bambus', en: 'Bamboo', de: 'Bambus', ro: 'Bambus', hu: 'Bambusz' },
  Plast: { cs: 'Plast', en: 'Plastic', de: 'Kunststoff', ro: 'Plastic', hu: 'Műanyag' },
  Silikón: { cs: 'Silikon', en: 'Silicone', de: 'Silikon', ro: 'Silicon', hu: 'Szilikon' },
  Bavlna: { cs: 'Bavlna', en: 'Cotton', de: 'Baumwolle', ro: 'Bumbac', hu: 'Pamut' },
  Polyester: { cs: 'Polyester', en: 'Polyester', de: 'Polyester', ro: 'Poliester', hu: 'Poliészter' },
  Mikrovlákno: { cs: 'Mikrovlákno', en: 'Microfibre', de: 'Mikrofaser', ro: 'Microfibră', hu: 'Mikroszál' },
  Plyš: { cs: 'Plyš', en: 'Plush', de: 'Plüsch', ro: 'Pluș', hu: 'Plüss' },
  Vosk: { cs: 'Vosk', en: 'Wax', de: 'Wachs', ro: 'Ceară', hu: 'Viasz' },
  Nylon: { cs: 'Nylon', en: 'Nylon', de: 'Nylon', ro: 'Nailon', hu: 'Nejlon' },
  Koža: { cs: 'Kůže', en: 'Leather', de: 'Leder', ro: 'Piele', hu: 'Bőr' },
  'Pre ženy': { cs: 'Pro ženy', en: 'For women', de: 'Für Damen', ro: 'Pentru femei', hu: 'Nőknek' },
  'Pre mužov': { cs: 'Pro muže', en: 'For men', de: 'Für Herren', ro: 'Pentru bărbați', hu: 'Férfiaknak' },
  'Pre deti': { cs: 'Pro děti', en: 'For children', de: 'Für Kinder', ro: 'Pentru copii', hu: 'Gyerekeknek' },
  'Pre celú rodinu': { cs: 'Pro celou rodinu', en: 'For the whole family', de: 'Für die ganze Familie', ro: 'Pentru toată familia', hu: 'Az egész családnak' },
  'Malé balenie': { cs: 'Malé balení', en: 'Small pack', de: 'Kleine Packung', ro: 'Ambalaj mic', hu: 'Kis kiszerelés' },
  'Štandardné balenie': { cs: 'Standardní balení', en: 'Standard pack', de: 'Standardpackung', ro: 'Ambalaj standard', hu: 'Normál kiszerelés' },
  'Veľké balenie': { cs: 'Velké balení', en: 'Large pack', de: 'Große Packung', ro: 'Ambalaj mare', hu: 'Nagy kiszerelés' },
  'Výhodné balenie': { cs: 'Výhodné balení', en: 'Value pack', de: 'Sparpackung', ro: 'Ambalaj avantajos', hu: 'Gazdaságos kiszerelés' },
};

/**
 * Banner copy of both shops (marketing.ts CAMPAIGNS), one line per text: sk, cs, en, de, ro, hu. The
 * Slovak shop's rows are keyed by the Slovak text, the Czech shop's by the Czech one; the alt repeats
 * the headline, so it takes the headlines' translations.
 */
const BANNER_LINES: [sk: string, cs: string, en: string, de: string, ro: string, hu: string][] = [
  // headlines
  ['Jesenné pečenie so zľavou až 30 %', 'Podzimní pečení se slevou až 30 %', 'Autumn baking with up to 30 % off', 'Herbstbacken mit bis zu 30 % Rabatt', 'Copt de toamnă cu până la 30 % reducere', 'Őszi sütés akár 30 % kedvezménnyel'],
  [`Doprava zadarmo pri nákupe nad ${F}`, `Doprava zdarma při nákupu nad ${F}`, `Free delivery on orders over ${F}`, `Kostenloser Versand ab ${F}`, `Livrare gratuită la comenzi peste ${F}`, `Ingyenes szállítás ${F} felett`],
  ['Záhrada pripravená na zimu', 'Zahrada připravená na zimu', 'A garden ready for winter', 'Der Garten, bereit für den Winter', 'Grădina pregătită pentru iarnă', 'Télre felkészített kert'],
  ['Nové recepty a návody každý týždeň', 'Nové recepty a návody každý týden', 'New recipes and guides every week', 'Jede Woche neue Rezepte und Anleitungen', 'Rețete și ghiduri noi în fiecare săptămână', 'Új receptek és útmutatók minden héten'],
  // texts
  ['Formy, plechy a pomôcky na koláče, štrúdle aj chlieb.', 'Formy, plechy a pomůcky na koláče, štrúdly i chleba.', 'Tins, trays and tools for cakes, strudels and bread.', 'Formen, Bleche und Helfer für Kuchen, Strudel und Brot.', 'Forme, tăvi și ustensile pentru prăjituri, ștrudele și pâine.', 'Formák, tepsik és eszközök süteményhez, réteshez és kenyérhez.'],
  ['Doručíme na adresu, na výdajné miesto aj na poštu.', 'Doručíme na adresu, na výdejní místo i na poštu.', 'We deliver to your address, a pickup point or the post office.', 'Wir liefern nach Hause, an eine Abholstelle oder zur Post.', 'Livrăm la adresă, la un punct de ridicare sau la poștă.', 'Házhoz, átvevőpontra vagy postára szállítunk.'],
  ['Náradie, hnojivá a ochrana rastlín pred mrazom.', 'Nářadí, hnojiva a ochrana rostlin před mrazem.', 'Tools, fertilisers and frost protection for your plants.', 'Werkzeug, Dünger und Frostschutz für Ihre Pflanzen.', 'Unelte, îngrășăminte și protecție împotriva înghețului.', 'Szerszámok, műtrágyák és fagyvédelem a növényeknek.'],
  ['Inšpirácie na pečenie, upratovanie aj tvorenie s deťmi – väčšina zadarmo.', 'Inspirace na pečení, úklid i tvoření s dětmi – většina zdarma.', 'Ideas for baking, cleaning and crafts with children – most of them free.', 'Ideen zum Backen, Putzen und Basteln mit Kindern – meist kostenlos.', 'Idei pentru copt, curățenie și creații cu copiii – majoritatea gratuite.', 'Ötletek sütéshez, takarításhoz és gyerekes alkotáshoz – többnyire ingyen.'],
  // calls to action
  ['Nakúpiť na pečenie', 'Nakoupit na pečení', 'Shop for baking', 'Backzubehör kaufen', 'Cumpără pentru copt', 'Vásárlás sütéshez'],
  ['Nakupovať', 'Nakupovat', 'Start shopping', 'Jetzt einkaufen', 'Începe cumpărăturile', 'Vásároljon most'],
  ['Pozrieť záhradu', 'Prohlédnout zahradu', 'See the garden range', 'Zum Gartensortiment', 'Vezi oferta pentru grădină', 'Kerti kínálat'],
  ['Vyskúšať recepty', 'Vyzkoušet recepty', 'Try the recipes', 'Rezepte ausprobieren', 'Încearcă rețetele', 'Próbálja ki a recepteket'],
];

/** The lines by the Slovak text (cs, en, de, ro, hu) and by the Czech one (en, de, ro, hu). */
const BANNERS: Record<string, Texts> = Object.fromEntries(
  BANNER_LINES.flatMap(([sk, cs, en, de, ro, hu]) => [
    [sk, { cs, en, de, ro, hu }],
    [cs, { en, de, ro, hu }],
  ]),
);

/** Overlay texts of both shops (marketing.ts OVERLAYS). */
const OVERLAYS: Record<string, Texts> = {
  [`Doprava zadarmo pri nákupe nad ${F}.`]: { cs: `Doprava zdarma při nákupu nad ${F}.`, en: `Free delivery on orders over ${F}.`, de: `Kostenloser Versand ab ${F}.`, ro: `Livrare gratuită la comenzi peste ${F}.`, hu: `Ingyenes szállítás ${F} felett.` },
  'Väčšina návodov je zadarmo.': { cs: 'Většina návodů je zdarma.', en: 'Most guides are free.', de: 'Die meisten Anleitungen sind kostenlos.', ro: 'Majoritatea ghidurilor sunt gratuite.', hu: 'A legtöbb útmutató ingyenes.' },
  'Prémiové návody získate aj za body.': { cs: 'Prémiové návody získáte i za body.', en: 'You can also get premium guides for points.', de: 'Premium-Anleitungen gibt es auch für Punkte.', ro: 'Ghidurile premium le puteți obține și cu puncte.', hu: 'A prémium útmutatókat pontokért is megkaphatja.' },
  'Hľadajte podľa názvu alebo kódu produktu.': { cs: 'Hledejte podle názvu nebo kódu produktu.', en: 'Search by product name or code.', de: 'Suchen Sie nach Produktname oder -code.', ro: 'Căutați după numele sau codul produsului.', hu: 'Keressen terméknév vagy kód alapján.' },
  [`Doprava zdarma při nákupu nad ${F}.`]: { en: `Free delivery on orders over ${F}.`, de: `Kostenloser Versand ab ${F}.`, ro: `Livrare gratuită la comenzi peste ${F}.`, hu: `Ingyenes szállítás ${F} felett.` },
  'Většina návodů je zdarma.': { en: 'Most guides are free.', de: 'Die meisten Anleitungen sind kostenlos.', ro: 'Majoritatea ghidurilor sunt gratuite.', hu: 'A legtöbb útmutató ingyenes.' },
  'Prémiové návody získáte i za body.': { en: 'You can also get premium guides for points.', de: 'Premium-Anleitungen gibt es auch für Punkte.', ro: 'Ghidurile premium le puteți obține și cu puncte.', hu: 'A prémium útmutatókat pontokért is megkaphatja.' },
  'Hledejte podle názvu nebo kódu produktu.': { en: 'Search by product name or code.', de: 'Suchen Sie nach Produktname oder -code.', ro: 'Căutați după numele sau codul produsului.', hu: 'Keressen terméknév vagy kód alapján.' },
};

/** Point item names (loyalty.ts POINT_ITEMS). */
const POINT_ITEMS: Record<string, Texts> = {
  'Kupón 5 € na nákup od 30 €': { cs: 'Kupón 5 € na nákup od 30 €', en: '€5 voucher on orders from €30', de: '5-€-Gutschein ab 30 € Einkaufswert', ro: 'Cupon de 5 € la comenzi de la 30 €', hu: '5 €-s kupon 30 € feletti vásárláshoz' },
  'Kupón 10 % na celý nákup': { cs: 'Kupón 10 % na celý nákup', en: '10 % off your whole order', de: '10 % Rabatt auf den ganzen Einkauf', ro: 'Cupon de 10 % la toată comanda', hu: '10 %-os kupon a teljes vásárlásra' },
  'Doprava zadarmo': { cs: 'Doprava zdarma', en: 'Free delivery', de: 'Kostenloser Versand', ro: 'Livrare gratuită', hu: 'Ingyenes szállítás' },
  'Darček: semienka bylín': { cs: 'Dárek: semínka bylinek', en: 'Gift: herb seeds', de: 'Geschenk: Kräutersamen', ro: 'Cadou: semințe de plante aromatice', hu: 'Ajándék: fűszernövény-magok' },
  'Odznak Verný záhradník': { cs: 'Odznak Věrný zahradník', en: 'Loyal Gardener badge', de: 'Abzeichen Treuer Gärtner', ro: 'Insigna Grădinar fidel', hu: 'Hűséges kertész kitűző' },
};

/** Gift voucher items (loyalty.ts PUBLIC_VOUCHERS). */
const VOUCHERS: Record<string, Texts> = {
  'Semienka bylín': { cs: 'Semínka bylinek', en: 'Herb seeds', de: 'Kräutersamen', ro: 'Semințe de plante aromatice', hu: 'Fűszernövény-magok' },
};

/** Gift values of both shops (gifts.ts GIFTS). */
const GIFTS: Record<string, Texts> = {
  'Vrecko semienok bylín': { cs: 'Sáček semínek bylinek', en: 'Packet of herb seeds', de: 'Tütchen Kräutersamen', ro: 'Plic cu semințe de plante aromatice', hu: 'Egy tasak fűszernövény-mag' },
  'Záhradnícke rukavice': { cs: 'Zahradnické rukavice', en: 'Gardening gloves', de: 'Gartenhandschuhe', ro: 'Mănuși de grădinărit', hu: 'Kertészkesztyű' },
  'Zástera s logom obchodu': { cs: 'Zástěra s logem obchodu', en: 'Apron with the shop’s logo', de: 'Schürze mit dem Logo des Shops', ro: 'Șorț cu sigla magazinului', hu: 'Kötény a bolt logójával' },
  'Sáček semínek bylinek': { en: 'Packet of herb seeds', de: 'Tütchen Kräutersamen', ro: 'Plic cu semințe de plante aromatice', hu: 'Egy tasak fűszernövény-mag' },
  'Zahradnické rukavice': { en: 'Gardening gloves', de: 'Gartenhandschuhe', ro: 'Mănuși de grădinărit', hu: 'Kertészkesztyű' },
  'Zástěra s logem obchodu': { en: 'Apron with the shop’s logo', de: 'Schürze mit dem Logo des Shops', ro: 'Șorț cu sigla magazinului', hu: 'Kötény a bolt logójával' },
};

/** kind, the table, its text column, the field name and the texts by the row's own text. */
const SOURCES: [kind: string, table: string, column: string, field: string, texts: Record<string, Texts>][] = [
  ['attribute', 'attributes', 'label', 'label', ATTRIBUTES],
  ['option', 'attribute_options', 'label', 'label', OPTIONS],
  ['banner', 'banners', 'alt', 'alt', BANNERS],
  ['banner', 'banners', 'headline', 'headline', BANNERS],
  ['banner', 'banners', 'text', 'text', BANNERS],
  ['banner', 'banners', 'cta', 'cta', BANNERS],
  ['overlay', 'overlay_messages', 'text', 'text', OVERLAYS],
  ['point_item', 'point_items', 'name', 'name', POINT_ITEMS],
  ['voucher', 'vouchers', 'gift_item', 'gift_item', VOUCHERS],
  ['gift', 'gifts', 'value', 'value', GIFTS],
];

/**
 * Writes the texts of every seeded row that has them; idempotent (an editor's text is kept: a row
 * already there is left alone). Runs after the rows exist, in the seed's transaction. The rows
 * written, a few hundred.
 */
export function seedLabelsI18n(sqlite: Database.Database): number {
  const insert = sqlite.prepare('INSERT OR IGNORE INTO content_texts (kind, row_id, locale, field, value) VALUES (?, ?, ?, ?, ?)');
  let made = 0;
  for (const [kind, table, column, field, texts] of SOURCES) {
    const rows = sqlite.prepare(`SELECT id, ${column} AS text FROM ${table} WHERE ${column} IS NOT NULL`).all() as { id: number; text: string }[];
    for (const row of rows) {
      for (const [locale, value] of Object.entries(texts[row.text] ?? {})) {
        if (value && value !== row.text) made += insert.run(kind, row.id, locale, field, value).changes;
      }
    }
  }
  return made;
}

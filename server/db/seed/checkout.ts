import type Database from 'better-sqlite3';
import { msg } from '../../i18n/msg';
import { SHOP_ROWS } from '../../shops/shops.service';

/**
 * Carriers, payments, shipping prices per shop and delivery country, ~200 Packeta and SPS pickup
 * points and 50 post offices (company 9) in Slovak and Czech towns. Deterministic; called from
 * seedDemo inside its transaction; a second run adds nothing.
 */

const COMPANIES: [number, string, boolean][] = [
  [0, 'Pošta', false],
  [1, 'Kuriér', false],
  [8, 'Expresný kuriér', false],
  // The post office is picked like a pickup point (spec 4: shipping 9 opens a post-office search).
  [9, 'Pošta – na poštu', true],
  [10, 'Packeta', true],
  [14, 'SPS', true],
];

/** Payment names are Slovak source texts translated at the edge (msg marks them for the catalogue). */
const PAYMENTS: [number, string, string, string | null][] = [
  [1, msg('Dobierka'), msg('Zaplatíte pri prevzatí zásielky.'), null],
  [2, msg('Bankový prevod'), msg('Platobné údaje a QR kód dostanete po odoslaní objednávky.'), null],
  [30, msg('Online platba kartou alebo cez banku'), msg('Platobná karta, Tatra banka, Slovenská sporiteľňa alebo iná banka.'), 'sk'],
  [10, msg('Platba kartou'), msg('Zaplatíte kartou hneď po odoslaní objednávky.'), 'cz'],
  [20, msg('Nákup na splátky'), msg('Žiadosť o splátky vyplníte po odoslaní objednávky.'), null],
];

interface Carrier {
  company: number;
  name: string;
  description: string;
  /** Minor units of the shop's currency. */
  price: number;
  /** Free from this subtotal (minor units); null = never free. */
  freeFrom: number | null;
}

const CARRIERS: Record<'sk' | 'cz', Carrier[]> = {
  sk: [
    { company: 10, name: 'Packeta – výdajné miesto alebo Z-BOX', description: 'Doručenie do 2 pracovných dní', price: 249, freeFrom: 4900 },
    { company: 14, name: 'SPS – výdajné miesto ParcelShop', description: 'Doručenie do 2 pracovných dní', price: 269, freeFrom: 4900 },
    { company: 9, name: 'Slovenská pošta – Balík na poštu', description: 'Doručenie do 2 až 3 pracovných dní', price: 290, freeFrom: 4900 },
    { company: 0, name: 'Slovenská pošta – Balík na adresu', description: 'Doručenie do 2 až 3 pracovných dní', price: 390, freeFrom: 9900 },
    { company: 1, name: 'Kuriér – doručenie na adresu', description: 'Doručenie nasledujúci pracovný deň', price: 490, freeFrom: 9900 },
    { company: 8, name: 'Expresný kuriér – doručenie ešte dnes', description: 'Pri objednávke do 11:00 v Bratislave a Košiciach', price: 790, freeFrom: null },
  ],
  cz: [
    { company: 10, name: 'Zásilkovna – výdejní místo nebo Z-BOX', description: 'Doručení do 2 pracovních dnů', price: 6900, freeFrom: 129000 },
    { company: 14, name: 'SPS – výdejní místo ParcelShop', description: 'Doručení do 2 pracovních dnů', price: 7900, freeFrom: 129000 },
    { company: 9, name: 'Česká pošta – Balík Na poštu', description: 'Doručení do 2 až 3 pracovních dnů', price: 8900, freeFrom: 129000 },
    { company: 0, name: 'Česká pošta – Balík Do ruky', description: 'Doručení do 2 až 3 pracovních dnů', price: 11900, freeFrom: 249000 },
    { company: 1, name: 'Kurýr – doručení na adresu', description: 'Doručení následující pracovní den', price: 12900, freeFrom: 249000 },
    { company: 8, name: 'Expresní kurýr – doručení ještě dnes', description: 'Při objednávce do 11:00 v Praze a Brně', price: 19900, freeFrom: null },
  ],
};

/**
 * Delivery to the other country (only ROLE_WHOLESALE may choose it), priced in the shop's own
 * currency: fewer carriers, dearer, free from a higher subtotal. SPS, post to the door and the
 * express courier do not go abroad, so choosing the other country clears them.
 */
const ABROAD: Record<'sk' | 'cz', { country: 'sk' | 'cz'; carriers: Carrier[] }> = {
  sk: {
    country: 'cz',
    carriers: [
      { company: 10, name: 'Packeta – výdajné miesto v Česku', description: 'Doručenie do 3 pracovných dní', price: 490, freeFrom: 9900 },
      { company: 9, name: 'Česká pošta – Balík na poštu', description: 'Doručenie do 3 až 4 pracovných dní', price: 590, freeFrom: 9900 },
      { company: 1, name: 'Kuriér – doručenie do Česka', description: 'Doručenie do 2 pracovných dní', price: 790, freeFrom: 14900 },
    ],
  },
  cz: {
    country: 'sk',
    carriers: [
      { company: 10, name: 'Zásilkovna – výdejní místo na Slovensku', description: 'Doručení do 3 pracovních dnů', price: 12900, freeFrom: 249000 },
      { company: 9, name: 'Slovenská pošta – Balík na poštu', description: 'Doručení do 3 až 4 pracovních dnů', price: 14900, freeFrom: 249000 },
      { company: 1, name: 'Kurýr – doručení na Slovensko', description: 'Doručení do 2 pracovních dnů', price: 19900, freeFrom: 389000 },
    ],
  },
};

/** Which carriers each payment goes with, in the order the shipping list shows them for it. */
const COMBINATIONS: Record<number, number[]> = {
  1: [10, 14, 9, 0, 1],
  2: [10, 14, 9, 0, 1, 8],
  30: [10, 14, 1, 9, 0, 8],
  10: [10, 14, 1, 9, 0, 8],
  20: [1, 0],
};

const SK_TOWNS: [string, string][] = [
  ['Bratislava', '811 01'], ['Bratislava', '821 08'], ['Bratislava', '831 04'], ['Bratislava', '841 01'], ['Bratislava', '851 01'],
  ['Košice', '040 01'], ['Košice', '040 11'], ['Prešov', '080 01'], ['Žilina', '010 01'], ['Banská Bystrica', '974 01'],
  ['Nitra', '949 01'], ['Trnava', '917 01'], ['Trenčín', '911 01'], ['Martin', '036 01'], ['Poprad', '058 01'],
  ['Piešťany', '921 01'], ['Zvolen', '960 01'], ['Michalovce', '071 01'], ['Levice', '934 01'], ['Komárno', '945 01'],
  ['Lučenec', '984 01'], ['Ružomberok', '034 01'], ['Spišská Nová Ves', '052 01'], ['Humenné', '066 01'], ['Senec', '903 01'],
];
const CZ_TOWNS: [string, string][] = [
  ['Praha', '110 00'], ['Praha', '120 00'], ['Praha', '130 00'], ['Praha', '140 00'], ['Praha', '150 00'],
  ['Brno', '602 00'], ['Brno', '612 00'], ['Ostrava', '702 00'], ['Plzeň', '301 00'], ['Liberec', '460 01'],
  ['Olomouc', '779 00'], ['České Budějovice', '370 01'], ['Hradec Králové', '500 02'], ['Ústí nad Labem', '400 01'], ['Pardubice', '530 02'],
  ['Zlín', '760 01'], ['Havířov', '736 01'], ['Kladno', '272 01'], ['Most', '434 01'], ['Opava', '746 01'],
  ['Jihlava', '586 01'], ['Karlovy Vary', '360 01'], ['Teplice', '415 01'], ['Frýdek-Místek', '738 01'], ['Tábor', '390 02'],
];
/** Town centres (WGS 84), so the pickup dialog's map has plausible points; each point is set off a little from it. */
const TOWN_CENTRES: Record<string, [number, number]> = {
  Bratislava: [48.1486, 17.1077], Košice: [48.7164, 21.2611], Prešov: [48.9985, 21.2339], Žilina: [49.2231, 18.7394],
  'Banská Bystrica': [48.7363, 19.1462], Nitra: [48.3069, 18.0864], Trnava: [48.3774, 17.5872], Trenčín: [48.8945, 18.0444],
  Martin: [49.0665, 18.9219], Poprad: [49.0614, 20.2980], Piešťany: [48.5918, 17.8270], Zvolen: [48.5762, 19.1371],
  Michalovce: [48.7543, 21.9195], Levice: [48.2172, 18.6008], Komárno: [47.7630, 18.1203], Lučenec: [48.3277, 19.6671],
  Ružomberok: [49.0748, 19.3034], 'Spišská Nová Ves': [48.9446, 20.5615], Humenné: [48.9371, 21.9063], Senec: [48.2199, 17.4001],
  Praha: [50.0755, 14.4378], Brno: [49.1951, 16.6068], Ostrava: [49.8209, 18.2625], Plzeň: [49.7384, 13.3736],
  Liberec: [50.7663, 15.0543], Olomouc: [49.5938, 17.2509], 'České Budějovice': [48.9745, 14.4743], 'Hradec Králové': [50.2092, 15.8328],
  'Ústí nad Labem': [50.6607, 14.0323], Pardubice: [50.0343, 15.7812], Zlín: [49.2265, 17.6707], Havířov: [49.7798, 18.4369],
  Kladno: [50.1473, 14.1028], Most: [50.5030, 13.6362], Opava: [49.9387, 17.9026], Jihlava: [49.3961, 15.5912],
  'Karlovy Vary': [50.2319, 12.8710], Teplice: [50.6404, 13.8245], 'Frýdek-Místek': [49.6833, 18.3500], Tábor: [49.4144, 14.6578],
};

/** A point `n` of a town, within ~2 km of its centre (deterministic), rounded as feeds write them. */
function near(city: string, n: number): [number | null, number | null] {
  const centre = TOWN_CENTRES[city];
  if (!centre) return [null, null];
  const angle = n * 2.39996;
  const radius = 0.004 + (n % 7) * 0.0025;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return [round(centre[0] + radius * Math.sin(angle)), round(centre[1] + radius * 1.5 * Math.cos(angle))];
}

const SK_STREETS = ['Hlavná', 'Námestie SNP', 'Štúrova', 'Hviezdoslavova', 'Kollárova', 'Mierová', 'Záhradnícka', 'Obchodná'];
const CZ_STREETS = ['Hlavní', 'Masarykova', 'Nádražní', 'Palackého', 'Husova', 'Komenského', 'Tyršova', 'Jiráskova'];
const SK_PLACES: [string, string][] = [
  ['Trafika', 'pri vchode'], ['Potraviny', 'pri pokladni'], ['Papiernictvo', 'pri pulte'], ['Drogéria', 'na informáciách'],
  ['Čerpacia stanica', 'v predajni'], ['Kvetinárstvo', 'pri pulte'], ['Z-BOX', 'pred obchodným centrom'], ['Kníhkupectvo', 'pri pokladni'],
];
const CZ_PLACES: [string, string][] = [
  ['Trafika', 'u vchodu'], ['Potraviny', 'u pokladny'], ['Papírnictví', 'u pultu'], ['Drogerie', 'na informacích'],
  ['Čerpací stanice', 'v prodejně'], ['Květinářství', 'u pultu'], ['Z-BOX', 'před obchodním centrem'], ['Knihkupectví', 'u pokladny'],
];

export function seedCheckout(sqlite: Database.Database): { pickupPoints: number } {
  const company = sqlite.prepare('INSERT INTO shipping_companies (id, name, pickup) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET pickup = excluded.pickup');
  for (const [id, name, pickup] of COMPANIES) company.run(id, name, pickup ? 1 : 0);
  const payment = sqlite.prepare('INSERT OR IGNORE INTO payment_options (id, name, image, description, countries) VALUES (?, ?, NULL, ?, ?)');
  for (const [id, name, description, countries] of PAYMENTS) payment.run(id, name, description, countries);

  const option = sqlite.prepare(
    `INSERT INTO shipping_options (shop_id, country, company_id, payment_id, name, image, delivery_description, amount_min, amount_max, price, sort)
     VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`,
  );
  const hasOptions = sqlite.prepare<[number, string], { n: number }>('SELECT COUNT(*) AS n FROM shipping_options WHERE shop_id = ? AND country = ?');
  const combo = sqlite.prepare('INSERT OR IGNORE INTO shipping_payments (shop_id, company_id, payment_id, sort) VALUES (?, ?, ?, ?)');
  for (const shop of SHOP_ROWS) {
    const home = CARRIERS[shop.code];
    const abroad = ABROAD[shop.code];
    for (const [country, carriers] of [[shop.country, home], [abroad.country, abroad.carriers]] as const) {
      if (hasOptions.get(shop.id, country)!.n > 0) continue;
      for (const [paymentId, companies] of Object.entries(COMBINATIONS)) {
        companies.forEach((companyId, index) => {
          if (country === shop.country) combo.run(shop.id, companyId, Number(paymentId), (index + 1) * 10);
          const carrier = carriers.find((c) => c.company === companyId);
          if (!carrier) return;
          const sort = carriers.indexOf(carrier) * 10;
          const row = [shop.id, country, companyId, Number(paymentId), carrier.name, carrier.description] as const;
          if (carrier.freeFrom === null) {
            option.run(...row, 0, null, carrier.price, sort);
          } else {
            option.run(...row, 0, carrier.freeFrom - 1, carrier.price, sort);
            option.run(...row, carrier.freeFrom, null, 0, sort);
          }
        });
      }
    }
  }

  const point = sqlite.prepare(
    'INSERT OR IGNORE INTO pickup_points (company_id, external_id, name, location, street, zip, city, country, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  let made = 0;
  for (const [companyId, prefix] of [
    [10, 'Packeta'],
    [14, 'SPS ParcelShop'],
  ] as const) {
    for (const [country, towns, streets, places] of [
      ['sk', SK_TOWNS, SK_STREETS, SK_PLACES],
      ['cz', CZ_TOWNS, CZ_STREETS, CZ_PLACES],
    ] as const) {
      towns.forEach(([city, zip], t) => {
        for (let k = 0; k < 2; k++) {
          const [place, location] = places[(t * 3 + k * 5 + companyId) % places.length];
          const street = `${streets[(t + k * 3) % streets.length]} ${1 + ((t * 17 + k * 29 + companyId) % 120)}`;
          const externalId = String(companyId * 100_000 + (country === 'sk' ? 0 : 50_000) + t * 10 + k);
          point.run(companyId, externalId, `${prefix} ${place} ${city}, ${street}`, location, street, zip, city, country, ...near(city, t * 2 + k + companyId));
          made += 1;
        }
      });
    }
  }
  made += seedPostOffices(point);
  return { pickupPoints: made };
}

/** One post office per seeded town: "Pošta Bratislava 1" at the town's zip (company 9). */
function seedPostOffices(point: Database.Statement): number {
  let made = 0;
  for (const [country, towns, streets] of [
    ['sk', SK_TOWNS, SK_STREETS],
    ['cz', CZ_TOWNS, CZ_STREETS],
  ] as const) {
    const seen = new Map<string, number>();
    towns.forEach(([city, zip], t) => {
      const n = (seen.get(city) ?? 0) + 1;
      seen.set(city, n);
      const street = `${streets[(t * 5) % streets.length]} ${1 + ((t * 13) % 60)}`;
      const name = `Pošta ${city} ${n}`;
      const location = country === 'sk' ? 'priehradka Balík na poštu' : 'přepážka Balík Na poštu';
      point.run(9, `${country}-${zip.replace(/\s/g, '')}`, name, location, street, zip, city, country, ...near(city, t * 3 + 1));
      made += 1;
    });
  }
  return made;
}

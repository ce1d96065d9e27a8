/**
 * Guide ("návod") vocabulary. A topic is an infinitive phrase, so every title pattern below reads as
 * correct Slovak ("Ako upiecť šľahačkovú tortu", "7 tipov, ako vyčistiť rúru bez chémie").
 * `shop` names the product department whose products a guide's carousel shows (index in CATALOG).
 */
export interface BlogLeafDef {
  name: string;
  shop: number;
  topics: string[];
}

export interface BlogRootDef {
  name: string;
  description: string;
  children: BlogLeafDef[];
}

export const BLOG: BlogRootDef[] = [
  {
    name: 'Návody a inšpirácie',
    description: 'Praktické návody na varenie, upratovanie a tvorenie s deťmi.',
    children: [
      {
        name: 'Recepty a pečenie',
        shop: 0,
        topics: ['upiecť šľahačkovú tortu', 'pripraviť kváskový chlieb', 'upiecť domáce koláčiky', 'uvariť hustú gulášovú polievku', 'pripraviť bryndzové halušky', 'upiecť jablkovú štrúdľu', 'ozdobiť medovníky', 'zavárať marhuľový lekvár'],
      },
      {
        name: 'Upratovanie a poriadok',
        shop: 1,
        topics: ['vyčistiť rúru bez chémie', 'odstrániť vodný kameň z kanvice', 'zbaviť sa plesne v kúpeľni', 'usporiadať šatník', 'vyprať perinu doma', 'vyleštiť nerezový riad', 'udržať poriadok v kuchyni', 'vyčistiť škáry medzi dlaždicami'],
      },
      {
        name: 'Tvoríme s deťmi',
        shop: 4,
        topics: ['vyrobiť kŕmidlo pre vtáky', 'namaľovať veľkonočné vajíčka', 'postaviť bunker z vankúšov', 'vyrobiť adventný kalendár', 'zorganizovať detskú oslavu', 'vyrobiť masky na karneval', 'zasadiť s deťmi prvú rastlinku', 'pripraviť hľadanie pokladu'],
      },
    ],
  },
  {
    name: 'Záhradkárčenie',
    description: 'Rady pre záhradkárov po celý rok – od priesad po zazimovanie.',
    children: [
      {
        name: 'Pestovanie zeleniny',
        shop: 2,
        topics: ['vypestovať paradajky na balkóne', 'predpestovať priesady', 'založiť vyvýšený záhon', 'zbaviť sa slimákov bez jedu', 'pestovať bylinky v kvetináči', 'správne polievať zeleninu', 'pripraviť domáci kompost', 'uskladniť zemiaky na zimu'],
      },
      {
        name: 'Kvety a okrasné rastliny',
        shop: 2,
        topics: ['presadiť orchideu', 'vybrať kvety na slnečný balkón', 'strihať ruže', 'starať sa o muškáty', 'založiť kvetinový záhon', 'zazimovať citrusy', 'pestovať levanduľu', 'oživiť zvädnutú izbovú rastlinu'],
      },
      {
        name: 'Jesenné práce v záhrade',
        shop: 2,
        topics: ['pripraviť záhradu na zimu', 'pohrabať lístie bez námahy', 'uskladniť záhradné náradie', 'zasadiť cibuľoviny', 'ošetriť ovocné stromy', 'uskladniť záhradný nábytok', 'pohnojiť trávnik na jeseň', 'zazimovať záhradnú hadicu'],
      },
    ],
  },
  {
    name: 'Zdravý životný štýl',
    description: 'Pohyb, výživa a prírodná kozmetika pre každý deň.',
    children: [
      {
        name: 'Pohyb a cvičenie',
        shop: 5,
        topics: ['začať behať po štyridsiatke', 'cvičiť doma bez náradia', 'vybrať správnu podložku na jogu', 'posilniť chrbát', 'naplánovať prvú vysokohorskú túru', 'pripraviť bicykel na sezónu', 'rozhýbať sa po zime', 'cvičiť s odporovou gumou'],
      },
      {
        name: 'Výživa a vitamíny',
        shop: 7,
        topics: ['doplniť vitamín D v zime', 'posilniť imunitu prirodzene', 'vybrať kvalitný med', 'piť dostatok vody počas dňa', 'zostaviť jedálniček na celý týždeň', 'pripraviť bylinkový čaj', 'obmedziť cukor v strave', 'vybrať vhodné magnézium'],
      },
      {
        name: 'Prírodná kozmetika',
        shop: 3,
        topics: ['vyrobiť domáce mydlo', 'pripraviť pleťovú masku z medu', 'starať sa o suché vlasy', 'vybrať opaľovací krém', 'zostaviť rannú rutinu starostlivosti o pleť', 'pripraviť levanduľový olej', 'chrániť pery v zime', 'vybrať deodorant bez hliníka'],
      },
    ],
  },
  {
    name: 'Tipy na nákup',
    description: 'Porovnania a rady, ako vybrať to pravé pre seba aj pre blízkych.',
    children: [
      {
        name: 'Ako vybrať spotrebič',
        shop: 6,
        topics: ['vybrať rýchlovarnú kanvicu', 'vybrať kávovar', 'vybrať tyčový mixér', 'vybrať powerbanku na cesty', 'ušetriť elektrinu v domácnosti', 'vybrať LED žiarovky', 'vybrať fén na vlasy', 'vybrať panvicu na indukciu'],
      },
      {
        name: 'Darčeky pre blízkych',
        shop: 4,
        topics: ['vybrať darček pre mamu', 'originálne zabaliť darček', 'vybrať darček pre záhradkára', 'obdarovať športovca', 'vybrať hračku podľa veku dieťaťa', 'pripraviť darčekový kôš', 'vybrať darček pre kolegu', 'ušetriť na vianočných darčekoch'],
      },
      {
        name: 'Domáci miláčikovia',
        shop: 8,
        topics: ['vybrať krmivo pre šteňa', 'naučiť psa chodiť na vôdzke', 'zabaviť mačku v byte', 'založiť prvé akvárium', 'starať sa o morča', 'ostrihať psovi pazúry', 'pripraviť psa na cestovanie', 'vybrať pelech pre psa'],
      },
    ],
  },
];

export const TITLES: ((topic: string, n: number) => string)[] = [
  (t) => `Ako ${t}`,
  (t) => `Ako ${t}: návod krok za krokom`,
  (t, n) => `${[5, 7, 10][n % 3]} tipov, ako ${t}`,
  (t) => `Ako ${t} – rady pre začiatočníkov`,
  (t) => `Najčastejšie chyby, keď chcete ${t}`,
  (t) => `Ako ${t} rýchlo a jednoducho`,
];

export const INTROS: ((topic: string) => string)[] = [
  (t) => `Chcete ${t}, ale neviete, kde začať? V tomto návode vám krok za krokom ukážeme, ako na to, aj keď to robíte prvýkrát.`,
  (t) => `Mnohí z nás by radi vedeli ${t}. Pripravili sme prehľadný postup, ktorý zvládne naozaj každý.`,
  (t) => `Ak sa chystáte ${t}, tento článok vám ušetrí čas aj peniaze.`,
];

export const STEPS = [
  'Pripravte si všetky pomôcky vopred, aby ste počas práce nemuseli nič hľadať.',
  'Prečítajte si celý postup ešte predtým, ako začnete.',
  'Pracujte v pokoji a bez zhonu – výsledok za to stojí.',
  'Dodržujte odporúčané množstvá a časy.',
  'Priebežne kontrolujte výsledok a podľa potreby postup upravte.',
  'Ak si nie ste istí, vyskúšajte postup najprv v menšom.',
  'Na záver všetko upracte a pomôcky odložte na suché miesto.',
];

export const PARAGRAPHS = [
  'Pri výbere pomôcok sa oplatí siahnuť po kvalitnejších výrobkoch. Vydržia dlhšie a práca s nimi je pohodlnejšia.',
  'Najčastejšou chybou je netrpezlivosť. Doprajte si dostatok času a výsledok vás poteší.',
  'Postup sme vyskúšali v našej redakcii aj so začiatočníkmi a zvládli ho všetci.',
  'Ak máte doma deti, zapojte ich – väčšinu krokov s malou pomocou zvládnu aj ony.',
  'Netreba drahé vybavenie. Väčšinu vecí, ktoré budete potrebovať, už pravdepodobne doma máte.',
];

export const TIPS = [
  'Všetko potrebné nájdete v našom obchode a pri nákupe nad {doprava_zadarmo_od} máte dopravu zadarmo.',
  'Svoje výsledky nám pošlite e-mailom – tie najkrajšie uverejníme v ďalšom návode.',
  'Návod si uložte medzi obľúbené, aby ste ho mali vždy poruke.',
];

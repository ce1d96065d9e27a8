import type { AttrCode } from './attributes-data';

/**
 * The demo category tree: root → child → leaf, with the product noun phrases sold in each leaf.
 * An item is "phrase|gender|material": the gender makes a colour adjective agree ("hrniec modrý",
 * "fľaša modrá"), the optional material key keeps the filter value true to the name ("Liatinová
 * panvica" is always cast iron). Brands are invented so the demo never names a real company.
 */
export const SPECS = {
  l: ['0,5 l', '1 l', '1,5 l', '2 l', '3 l', '4 l', '5 l'],
  lBig: ['10 l', '20 l', '30 l', '45 l', '60 l'],
  ml: ['100 ml', '150 ml', '200 ml', '250 ml', '300 ml', '400 ml', '500 ml', '750 ml'],
  cm: ['16 cm', '18 cm', '20 cm', '22 cm', '24 cm', '26 cm', '28 cm', '30 cm'],
  cmSmall: ['6 cm', '8 cm', '10 cm', '12 cm', '15 cm'],
  cmBig: ['40 cm', '60 cm', '80 cm', '100 cm', '120 cm'],
  textile: ['30 × 50 cm', '50 × 100 cm', '70 × 140 cm', '100 × 150 cm', '140 × 200 cm'],
  bed: ['70 × 90 cm', '140 × 200 cm', '200 × 220 cm'],
  pcs: ['2 ks', '3 ks', '4 ks', '6 ks', '10 ks', '12 ks', '24 ks'],
  g: ['50 g', '100 g', '200 g', '250 g', '400 g', '500 g'],
  kg: ['1 kg', '2 kg', '3 kg', '5 kg', '10 kg', '15 kg'],
  watts: ['600 W', '800 W', '1000 W', '1200 W', '1500 W', '2000 W', '2200 W'],
  led: ['5 W', '7 W', '9 W', '12 W'],
  metres: ['10 m', '15 m', '20 m', '25 m', '30 m', '50 m'],
  cable: ['1 m', '1,5 m', '2 m', '3 m'],
  mah: ['5000 mAh', '10000 mAh', '20000 mAh'],
  tablets: ['30 tabliet', '60 tabliet', '90 tabliet', '120 tabliet'],
  capsules: ['30 kapsúl', '60 kapsúl', '90 kapsúl'],
  puzzle: ['24 dielikov', '48 dielikov', '100 dielikov', '500 dielikov', '1000 dielikov'],
  weights: ['1 kg', '2 kg', '2,5 kg', '5 kg', '10 kg'],
  ball: ['veľkosť 3', 'veľkosť 4', 'veľkosť 5'],
  mat: ['4 mm', '6 mm', '8 mm', '10 mm'],
  tea: ['20 × 1,5 g', '20 × 2 g', '50 g'],
  honey: ['250 g', '500 g', '950 g'],
  toothpaste: ['75 ml', '100 ml', '125 ml'],
  knife: ['9 cm', '13 cm', '15 cm', '20 cm'],
  board: ['30 × 20 cm', '40 × 25 cm', '50 × 35 cm'],
  tray: ['30 × 40 cm', '37 × 45 cm', '40 × 60 cm'],
  pillow: ['40 × 40 cm', '50 × 50 cm', '50 × 70 cm', '70 × 90 cm'],
  frame: ['10 × 15 cm', '13 × 18 cm', '20 × 30 cm', '30 × 40 cm'],
  poles: ['105 cm', '115 cm', '125 cm', '135 cm'],
  parasol: ['180 cm', '200 cm', '250 cm', '300 cm'],
  table: ['80 × 80 cm', '120 × 80 cm', '160 × 90 cm'],
  grill: ['35 cm', '47 cm', '57 cm'],
  none: [],
} as const satisfies Record<string, readonly string[]>;

export type SpecKey = keyof typeof SPECS;

export interface LeafDef {
  name: string;
  items: string[];
  spec: SpecKey;
  /** Filters offered here when they differ from the parent's. */
  attrs?: AttrCode[];
  /** Left out of the menu (visible_menu false), as shops do with odd or seasonal corners. */
  hidden?: boolean;
}

export interface ChildDef {
  name: string;
  attrs?: AttrCode[];
  leaves: LeafDef[];
}

export interface RootDef {
  name: string;
  description: string;
  brands: string[];
  materials: string[];
  /** Filters a leaf may get; "znacka" is always first and always taken. */
  attrs: AttrCode[];
  /** Typical B2C price range in EUR; prices are drawn log-uniformly inside it. */
  price: [number, number];
  /** Names may end with who the product is for ("Šampón Levanda 250 ml pre mužov"). */
  purposeInName?: boolean;
  children: ChildDef[];
}

const CLOTHES: AttrCode[] = ['znacka', 'velkost', 'farba', 'material'];

export const CATALOG: RootDef[] = [
  {
    name: 'Kuchyňa a varenie',
    description: 'Hrnce, panvice, formy na pečenie, nože a všetko, čo potrebujete na varenie a stolovanie.',
    brands: ['Kuchynka', 'Tatra Home', 'Varecha', 'Gastrolux', 'Ferrum'],
    materials: ['nerez', 'liatina', 'hlinik', 'keramika', 'porcelan', 'sklo', 'drevo', 'bambus', 'silikon', 'plast', 'smalt'],
    attrs: ['znacka', 'material', 'farba'],
    price: [3, 180],
    children: [
      {
        name: 'Hrnce a panvice',
        leaves: [
          { name: 'Hrnce', spec: 'l', items: ['Nerezový hrniec|m|nerez', 'Smaltovaný hrniec|m|smalt', 'Hrniec s pokrievkou|m', 'Hrniec na mlieko|m'] },
          { name: 'Panvice', spec: 'cm', items: ['Panvica s nepriľnavým povrchom|f|hlinik', 'Liatinová panvica|f|liatina', 'Grilovacia panvica|f', 'Panvica na palacinky|f', 'Wok|m'] },
          { name: 'Tlakové hrnce', spec: 'l', items: ['Tlakový hrniec|m|nerez', 'Tlakový hrniec s košíkom|m|nerez'] },
          { name: 'Pokrievky a príslušenstvo', spec: 'cm', items: ['Sklenená pokrievka|f|sklo', 'Naparovacia vložka|f|nerez', 'Univerzálna pokrievka|f'] },
        ],
      },
      {
        name: 'Pečenie',
        leaves: [
          { name: 'Formy na pečenie', spec: 'cm', items: ['Šľahačková torta – forma|f', 'Forma na bábovku|f', 'Forma na muffiny|f|silikon', 'Rozkladacia forma na tortu|f', 'Forma na chlieb|f'] },
          { name: 'Plechy a rošty', spec: 'tray', items: ['Plech na pečenie|m|ocel', 'Perforovaný plech|m|hlinik', 'Mriežka na chladenie koláčov|f|nerez'] },
          { name: 'Pomôcky na pečenie', spec: 'none', items: ['Šľahačková fľaša|f|nerez', 'Silikónová stierka|f|silikon', 'Valček na cesto|m|drevo', 'Metlička na šľahanie|f|nerez', 'Cukrárske vrecko|n'] },
          { name: 'Vykrajovačky', spec: 'pcs', hidden: true, items: ['Sada vykrajovačiek|f', 'Vykrajovačky na linecké pečivo|pl|nerez', 'Vianočné vykrajovačky|pl'] },
        ],
      },
      {
        name: 'Kuchynské náradie',
        leaves: [
          { name: 'Nože', spec: 'knife', items: ['Kuchársky nôž|m|nerez', 'Nôž na pečivo|m|nerez', 'Lúpací nôž|m', 'Japonský nôž santoku|m|nerez'] },
          { name: 'Dosky na krájanie', spec: 'board', items: ['Doska na krájanie|f', 'Bambusová doska na krájanie|f|bambus', 'Dubová doska na servírovanie|f|drevo'] },
          { name: 'Varešky a naberačky', spec: 'none', items: ['Drevená vareška|f|drevo', 'Naberačka|f', 'Obracačka|f', 'Silikónová lyžica na miešanie|f|silikon'] },
          { name: 'Strúhadlá a lúpače', spec: 'none', items: ['Strúhadlo|n|nerez', 'Lúpač zeleniny|m', 'Krájač na vajíčka|m', 'Mlynček na korenie|m'] },
        ],
      },
      {
        name: 'Stolovanie',
        leaves: [
          { name: 'Taniere', spec: 'cm', items: ['Plytký tanier|m|keramika', 'Hlboký tanier|m|porcelan', 'Dezertný tanier|m', 'Servírovací tanier|m'] },
          { name: 'Poháre a šálky', spec: 'ml', items: ['Pohár na vodu|m|sklo', 'Šálka na kávu s podšálkou|f|porcelan', 'Hrnček|m|keramika', 'Termohrnček|m|nerez'] },
          { name: 'Príbory', spec: 'pcs', items: ['Sada príborov|f|nerez', 'Lyžičky na kávu|pl|nerez', 'Dezertné vidličky|pl|nerez'] },
          { name: 'Obrusy a prestieranie', spec: 'textile', items: ['Obrus|m|bavlna', 'Prestieranie|n', 'Behúň na stôl|m|bavlna'] },
        ],
      },
      {
        name: 'Skladovanie potravín',
        leaves: [
          { name: 'Dózy na potraviny', spec: 'l', items: ['Dóza na potraviny|f|plast', 'Sklenená dóza s vekom|f|sklo', 'Vákuová dóza|f'] },
          { name: 'Fľaše a termosky', spec: 'ml', items: ['Termoska|f|nerez', 'Fľaša na vodu|f', 'Detská fľaša na vodu|f', 'Sklenená fľaša na olej|f|sklo'] },
          { name: 'Zaváranie', spec: 'ml', items: ['Zaváracie poháre|pl|sklo', 'Fľaša na sirup|f|sklo', 'Viečka na zaváranie|pl'] },
        ],
      },
    ],
  },
  {
    name: 'Domácnosť',
    description: 'Upratovanie, textil, úložné riešenia a dekorácie pre útulný domov.',
    brands: ['Domovina', 'Čistinka', 'Lumea', 'Útulko', 'Nordhaus'],
    materials: ['bavlna', 'polyester', 'mikrovlakno', 'plast', 'drevo', 'sklo', 'keramika', 'vosk'],
    attrs: ['znacka', 'farba', 'material'],
    price: [2, 150],
    children: [
      {
        name: 'Upratovanie',
        leaves: [
          { name: 'Mopy a vedrá', spec: 'none', items: ['Plochý mop|m', 'Vedro so žmýkačom|n|plast', 'Náhradná hlavica na mop|f|mikrovlakno'] },
          { name: 'Handričky a hubky', spec: 'pcs', items: ['Handrička z mikrovlákna|f|mikrovlakno', 'Hubky na riad|pl', 'Utierky na okná|pl|mikrovlakno'] },
          { name: 'Kefy a metly', spec: 'none', items: ['Metla|f', 'Zmeták s lopatkou|m|plast', 'Kefa na WC|f|plast'] },
        ],
      },
      {
        name: 'Bytový textil',
        leaves: [
          { name: 'Uteráky a osušky', spec: 'textile', items: ['Froté uterák|m|bavlna', 'Osuška|f|bavlna', 'Kuchynská utierka|f|bavlna'] },
          { name: 'Posteľná bielizeň', spec: 'bed', items: ['Bavlnené obliečky|pl|bavlna', 'Plachta s gumičkou|f|bavlna', 'Saténové obliečky|pl'] },
          { name: 'Deky a prehozy', spec: 'bed', items: ['Deka|f', 'Mikroplyšová deka|f|polyester', 'Prehoz na posteľ|m'] },
          { name: 'Vankúše', spec: 'pillow', items: ['Vankúš|m', 'Dekoračný vankúš|m', 'Ortopedický vankúš|m'] },
        ],
      },
      {
        name: 'Úložné riešenia',
        leaves: [
          { name: 'Úložné boxy', spec: 'lBig', items: ['Úložný box s vekom|m|plast', 'Box pod posteľ|m', 'Textilný úložný kôš|m|bavlna'] },
          { name: 'Vešiaky a háčiky', spec: 'pcs', items: ['Vešiaky na oblečenie|pl|drevo', 'Samolepiace háčiky|pl', 'Háčiky na uteráky|pl|nerez'] },
          { name: 'Koše na bielizeň', spec: 'lBig', items: ['Kôš na bielizeň|m', 'Skladací kôš na bielizeň|m'] },
        ],
      },
      {
        name: 'Dekorácie',
        leaves: [
          { name: 'Sviečky', spec: 'g', items: ['Vonná sviečka|f|vosk', 'Sviečka v skle|f|vosk', 'Čajové sviečky|pl|vosk'] },
          { name: 'Vázy', spec: 'cm', items: ['Sklenená váza|f|sklo', 'Keramická váza|f|keramika'] },
          { name: 'Fotorámiky', spec: 'frame', items: ['Fotorámik|m|drevo', 'Rámik na koláž|m'] },
          { name: 'Umelé kvety', spec: 'cmBig', items: ['Umelá orchidea|f', 'Umelá rastlina v kvetináči|f', 'Sušená kytica|f'] },
        ],
      },
      {
        name: 'Pranie a žehlenie',
        leaves: [
          { name: 'Sušiaky na bielizeň', spec: 'metres', items: ['Sušiak na bielizeň|m', 'Závesný sušiak|m'] },
          { name: 'Žehliace dosky', spec: 'none', items: ['Žehliaca doska|f', 'Poťah na žehliacu dosku|m|bavlna'] },
          { name: 'Kolíky a vrecká na pranie', spec: 'pcs', items: ['Kolíky na bielizeň|pl|drevo', 'Vrecko na pranie|n|polyester'] },
        ],
      },
    ],
  },
  {
    name: 'Záhrada',
    description: 'Náradie, zavlažovanie, pestovanie a grilovanie – všetko pre vašu záhradu a balkón.',
    brands: ['Zelenka', 'Záhradník', 'Agrotip', 'Hydrola', 'Grilmajster'],
    materials: ['ocel', 'drevo', 'plast', 'hlinik', 'keramika'],
    attrs: ['znacka', 'material', 'farba'],
    price: [3, 450],
    children: [
      {
        name: 'Záhradné náradie',
        leaves: [
          { name: 'Rýle a lopaty', spec: 'none', items: ['Rýľ|m|ocel', 'Lopata|f', 'Záhradnícka lopatka|f'] },
          { name: 'Hrable', spec: 'none', items: ['Hrable|pl', 'Hrable na lístie|pl|plast', 'Vejárové hrable|pl'] },
          { name: 'Nožnice a pílky', spec: 'none', items: ['Záhradné nožnice|pl', 'Nožnice na živý plot|pl', 'Ručná pílka|f|ocel'] },
        ],
      },
      {
        name: 'Zavlažovanie',
        leaves: [
          { name: 'Záhradné hadice', spec: 'metres', items: ['Záhradná hadica|f', 'Špirálová hadica|f'] },
          { name: 'Postrekovače', spec: 'none', items: ['Kruhový postrekovač|m', 'Zavlažovacia pištoľ|f', 'Kvapková závlaha|f'] },
          { name: 'Kanvy', spec: 'l', items: ['Kanva na polievanie|f', 'Kovová kanva|f|ocel'] },
        ],
      },
      {
        name: 'Pestovanie',
        leaves: [
          { name: 'Kvetináče', spec: 'cm', items: ['Kvetináč|m|keramika', 'Závesný kvetináč|m|plast', 'Truhlík na balkón|m|plast'] },
          { name: 'Substráty a hnojivá', spec: 'lBig', attrs: ['znacka', 'balenie'], items: ['Záhradný substrát|m', 'Substrát na paradajky|m', 'Hnojivo na trávnik|n'] },
          { name: 'Semená', spec: 'g', attrs: ['znacka', 'balenie'], items: ['Semená paradajok|pl', 'Semená bazalky|pl', 'Trávne osivo|n'] },
        ],
      },
      {
        name: 'Záhradný nábytok',
        leaves: [
          { name: 'Stoličky a lavice', spec: 'none', items: ['Záhradná stolička|f|drevo', 'Skladacia lavica|f', 'Záhradné kreslo|n'] },
          { name: 'Záhradné stoly', spec: 'table', items: ['Záhradný stôl|m', 'Skladací stolík|m'] },
          { name: 'Slnečníky', spec: 'parasol', items: ['Slnečník|m', 'Stojan na slnečník|m'] },
        ],
      },
      {
        name: 'Grilovanie',
        leaves: [
          { name: 'Grily', spec: 'grill', items: ['Guľatý gril na drevené uhlie|m|ocel', 'Prenosný gril|m', 'Elektrický gril|m'] },
          { name: 'Príslušenstvo na grilovanie', spec: 'none', items: ['Grilovacie kliešte|pl|nerez', 'Grilovacia rukavica|f', 'Kefa na rošt|f'] },
          { name: 'Drevené uhlie a brikety', spec: 'kg', hidden: true, attrs: ['znacka', 'balenie'], items: ['Drevené uhlie|n', 'Brikety na grilovanie|pl'] },
        ],
      },
    ],
  },
  {
    name: 'Drogéria a kozmetika',
    description: 'Kozmetika, hygiena a drogéria pre celú rodinu za výhodné ceny.',
    brands: ['Levanda', 'Bylinkáreň', 'Pura', 'Sviežka', 'Dermana'],
    materials: [],
    attrs: ['znacka', 'urcenie', 'balenie'],
    price: [2, 35],
    purposeInName: true,
    children: [
      {
        name: 'Starostlivosť o telo',
        leaves: [
          { name: 'Sprchové gély', spec: 'ml', items: ['Sprchový gél|m', 'Krémový sprchový gél|m'] },
          { name: 'Telové mlieka a krémy', spec: 'ml', items: ['Telové mlieko|n', 'Telový krém|m', 'Telový olej|m'] },
          { name: 'Deodoranty', spec: 'ml', items: ['Deodorant|m', 'Antiperspirant|m', 'Guličkový deodorant|m'] },
        ],
      },
      {
        name: 'Starostlivosť o vlasy',
        leaves: [
          { name: 'Šampóny', spec: 'ml', items: ['Šampón|m', 'Šampón proti lupinám|m', 'Suchý šampón|m'] },
          { name: 'Kondicionéry a masky', spec: 'ml', items: ['Kondicionér|m', 'Vlasová maska|f', 'Bezoplachový kondicionér|m'] },
          { name: 'Hrebene a kefy', spec: 'none', attrs: ['znacka', 'farba'], items: ['Kefa na vlasy|f', 'Hrebeň|m', 'Rozčesávacia kefa|f'] },
        ],
      },
      {
        name: 'Pleťová kozmetika',
        leaves: [
          { name: 'Pleťové krémy', spec: 'ml', items: ['Denný pleťový krém|m', 'Nočný pleťový krém|m', 'Očný krém|m'] },
          { name: 'Čistenie pleti', spec: 'ml', items: ['Micelárna voda|f', 'Pleťové tonikum|n', 'Čistiaci pleťový gél|m'] },
          { name: 'Pleťové masky', spec: 'pcs', items: ['Textilná pleťová maska|f', 'Ílová pleťová maska|f'] },
        ],
      },
      {
        name: 'Ústna hygiena',
        leaves: [
          { name: 'Zubné pasty', spec: 'toothpaste', items: ['Zubná pasta|f', 'Bieliaca zubná pasta|f', 'Detská zubná pasta|f'] },
          { name: 'Zubné kefky', spec: 'pcs', attrs: ['znacka', 'farba', 'urcenie'], items: ['Zubná kefka|f', 'Bambusová zubná kefka|f', 'Detská zubná kefka|f'] },
          { name: 'Ústne vody', spec: 'ml', items: ['Ústna voda|f', 'Ústna voda bez alkoholu|f'] },
        ],
      },
      {
        name: 'Pracie a čistiace prostriedky',
        attrs: ['znacka', 'balenie'],
        leaves: [
          { name: 'Pracie gély', spec: 'l', items: ['Prací gél na farebnú bielizeň|m', 'Prací gél na bielu bielizeň|m', 'Aviváž|f'] },
          { name: 'Prostriedky na riad', spec: 'ml', items: ['Prostriedok na umývanie riadu|m', 'Gél do umývačky riadu|m'] },
          { name: 'Čistiace spreje', spec: 'ml', items: ['Čistiaci sprej na kúpeľňu|m', 'Odmasťovač do kuchyne|m', 'Čistič na okná|m'] },
        ],
      },
    ],
  },
  {
    name: 'Hračky a deti',
    description: 'Hračky, potreby pre bábätká, detské oblečenie a všetko do školy.',
    brands: ['Hrajko', 'Bambuľka', 'Kocúrik', 'Drevíčko', 'Školáčik'],
    materials: ['drevo', 'plast', 'plys', 'bavlna', 'silikon'],
    attrs: ['znacka', 'material', 'farba'],
    price: [3, 120],
    children: [
      {
        name: 'Hračky',
        leaves: [
          { name: 'Stavebnice', spec: 'puzzle', items: ['Drevená stavebnica|f|drevo', 'Magnetická stavebnica|f|plast', 'Kocky pre najmenších|pl'] },
          { name: 'Plyšové hračky', spec: 'cmBig', items: ['Plyšový medvedík|m|plys', 'Plyšový zajačik|m|plys', 'Plyšový jednorožec|m|plys'] },
          { name: 'Hry a puzzle', spec: 'puzzle', items: ['Puzzle|n', 'Spoločenská hra|f', 'Pexeso|n'] },
          { name: 'Autíčka a vláčiky', spec: 'none', items: ['Autíčko na diaľkové ovládanie|n|plast', 'Drevený vláčik|m|drevo', 'Hasičské auto|n'] },
        ],
      },
      {
        name: 'Pre bábätká',
        leaves: [
          { name: 'Hrkálky a hryzátka', spec: 'none', items: ['Hrkálka|f', 'Hryzátko|n|silikon', 'Hracia deka|f'] },
          { name: 'Dojčenské fľaše a cumlíky', spec: 'ml', items: ['Dojčenská fľaša|f', 'Cumlík|m|silikon', 'Nevylievací hrnček|m'] },
          { name: 'Prebaľovanie', spec: 'pcs', attrs: ['znacka', 'material'], items: ['Prebaľovacia podložka|f', 'Vlhčené obrúsky|pl', 'Látkové plienky|pl|bavlna'] },
        ],
      },
      {
        name: 'Detské oblečenie',
        attrs: CLOTHES,
        leaves: [
          { name: 'Detské tričká', spec: 'none', items: ['Detské tričko|n|bavlna', 'Detské tričko s dlhým rukávom|n|bavlna'] },
          { name: 'Pyžamá', spec: 'none', items: ['Detské pyžamo|n|bavlna', 'Detský župan|m'] },
          { name: 'Čiapky a nákrčníky', spec: 'none', items: ['Detská čiapka|f', 'Detský nákrčník|m', 'Zimné rukavice|pl'] },
        ],
      },
      {
        name: 'Do školy',
        leaves: [
          { name: 'Školské tašky', spec: 'lBig', items: ['Školská taška|f|polyester', 'Detský batoh|m|polyester'] },
          { name: 'Peračníky', spec: 'none', items: ['Peračník|m', 'Rozkladací peračník|m'] },
          { name: 'Výtvarné potreby', spec: 'pcs', attrs: ['znacka', 'farba'], items: ['Vodové farby|pl', 'Pastelky|pl', 'Plastelína|f', 'Fixky|pl'] },
        ],
      },
    ],
  },
  {
    name: 'Šport a outdoor',
    description: 'Fitness, turistika, cyklistika a športové oblečenie pre aktívny život.',
    brands: ['Horal', 'Sokol Sport', 'Tatrafit', 'Velo Slovakia', 'Aktivo'],
    materials: ['polyester', 'nylon', 'hlinik', 'plast', 'bavlna'],
    attrs: ['znacka', 'farba', 'material'],
    price: [5, 380],
    children: [
      {
        name: 'Fitness',
        leaves: [
          { name: 'Činky', spec: 'weights', items: ['Jednoručná činka|f|ocel', 'Kettlebell|m|liatina', 'Neoprénová činka|f'] },
          { name: 'Podložky na cvičenie', spec: 'mat', items: ['Podložka na jogu|f', 'Podložka na cvičenie|f', 'Korková podložka na jogu|f'] },
          { name: 'Odporové gumy', spec: 'none', items: ['Odporová guma|f', 'Sada odporových gúm|f', 'Expander|m'] },
        ],
      },
      {
        name: 'Turistika',
        leaves: [
          { name: 'Batohy', spec: 'lBig', items: ['Turistický batoh|m|nylon', 'Mestský batoh|m|polyester'] },
          { name: 'Stany a spacáky', spec: 'none', items: ['Stan pre dve osoby|m', 'Spací vak|m|polyester', 'Samonafukovacia karimatka|f'] },
          { name: 'Turistické palice', spec: 'poles', items: ['Turistické palice|pl|hlinik', 'Palice na nordic walking|pl|hlinik'] },
        ],
      },
      {
        name: 'Cyklistika',
        leaves: [
          { name: 'Prilby', spec: 'none', attrs: ['znacka', 'velkost', 'farba'], items: ['Cyklistická prilba|f', 'Detská cyklistická prilba|f'] },
          { name: 'Svetlá na bicykel', spec: 'none', items: ['Predné svetlo na bicykel|n', 'Zadné svetlo na bicykel|n', 'Sada svetiel na bicykel|f'] },
          { name: 'Cyklistické fľaše', spec: 'ml', items: ['Cyklistická fľaša|f|plast', 'Držiak na fľašu|m|hlinik'] },
        ],
      },
      {
        name: 'Športové oblečenie',
        attrs: CLOTHES,
        leaves: [
          { name: 'Funkčné tričká', spec: 'none', items: ['Funkčné tričko|n|polyester', 'Bežecké tričko|n|polyester'] },
          { name: 'Legíny a šortky', spec: 'none', items: ['Športové legíny|pl', 'Bežecké šortky|pl|polyester'] },
          { name: 'Bundy a vetrovky', spec: 'none', items: ['Softšelová bunda|f', 'Vetrovka|f|nylon', 'Flísová mikina|f|polyester'] },
        ],
      },
      {
        name: 'Loptové hry',
        leaves: [
          { name: 'Lopty', spec: 'ball', items: ['Futbalová lopta|f', 'Volejbalová lopta|f', 'Basketbalová lopta|f'] },
          { name: 'Bedminton a stolný tenis', spec: 'none', items: ['Bedmintonová raketa|f', 'Košíky na bedminton|pl', 'Pingpongová pálka|f'] },
        ],
      },
    ],
  },
  {
    name: 'Elektro',
    description: 'Malé spotrebiče, osvetlenie, nabíjačky a príslušenstvo k mobilom.',
    brands: ['Voltix', 'Amperia', 'Lumio', 'Kanvix', 'Elektra'],
    materials: ['plast', 'nerez', 'sklo', 'hlinik'],
    attrs: ['znacka', 'farba', 'material'],
    price: [6, 499],
    children: [
      {
        name: 'Malé kuchynské spotrebiče',
        leaves: [
          { name: 'Rýchlovarné kanvice', spec: 'l', items: ['Rýchlovarná kanvica|f', 'Sklenená rýchlovarná kanvica|f|sklo'] },
          { name: 'Mixéry', spec: 'watts', items: ['Tyčový mixér|m', 'Stolový mixér|m', 'Ručný šľahač|m'] },
          { name: 'Hriankovače', spec: 'watts', items: ['Hriankovač|m', 'Sendvičovač|m'] },
          { name: 'Kávovary', spec: 'watts', items: ['Pákový kávovar|m', 'Kapsulový kávovar|m', 'Mlynček na kávu|m'] },
        ],
      },
      {
        name: 'Osobná starostlivosť',
        leaves: [
          { name: 'Fény', spec: 'watts', items: ['Fén na vlasy|m', 'Cestovný fén|m'] },
          { name: 'Zastrihávače', spec: 'none', items: ['Zastrihávač vlasov|m', 'Zastrihávač fúzov|m'] },
          { name: 'Elektrické zubné kefky', spec: 'none', items: ['Elektrická zubná kefka|f', 'Náhradné hlavice k zubnej kefke|pl'] },
        ],
      },
      {
        name: 'Osvetlenie',
        leaves: [
          { name: 'LED žiarovky', spec: 'led', items: ['LED žiarovka E27|f|sklo', 'LED žiarovka GU10|f', 'Inteligentná LED žiarovka|f'] },
          { name: 'Stolové lampy', spec: 'none', items: ['Stolová lampa|f', 'Lampa na čítanie|f'] },
          { name: 'Svetelné reťaze', spec: 'metres', items: ['Svetelná reťaz|f', 'Vianočná svetelná reťaz|f'] },
        ],
      },
      {
        name: 'Príslušenstvo k mobilom',
        leaves: [
          { name: 'Nabíjačky', spec: 'none', items: ['USB-C nabíjačka|f', 'Bezdrôtová nabíjačka|f', 'Nabíjačka do auta|f'] },
          { name: 'Káble', spec: 'cable', items: ['Nabíjací kábel USB-C|m', 'Kábel Lightning|m'] },
          { name: 'Powerbanky', spec: 'mah', items: ['Powerbanka|f', 'Solárna powerbanka|f'] },
          { name: 'Obaly na mobil', spec: 'none', items: ['Silikónový obal na mobil|m|silikon', 'Knižkový obal na mobil|m|koza'] },
        ],
      },
      {
        name: 'Batérie',
        leaves: [
          { name: 'Alkalické batérie', spec: 'pcs', attrs: ['znacka', 'balenie'], items: ['Alkalické batérie AA|pl', 'Alkalické batérie AAA|pl', 'Gombíková batéria CR2032|f'] },
          { name: 'Nabíjateľné batérie', spec: 'pcs', attrs: ['znacka', 'balenie'], items: ['Nabíjateľné batérie AA|pl', 'Nabíjateľné batérie AAA|pl'] },
          { name: 'Nabíjačky batérií', spec: 'none', hidden: true, items: ['Nabíjačka batérií|f', 'Rýchlonabíjačka batérií|f'] },
        ],
      },
    ],
  },
  {
    name: 'Zdravie',
    description: 'Vitamíny, zdravotnícke pomôcky, prvá pomoc a bylinky.',
    brands: ['Vitalia', 'Medika', 'Lipa Natura', 'Zdravko', 'Salvia'],
    materials: [],
    attrs: ['znacka', 'urcenie', 'balenie'],
    price: [3, 90],
    purposeInName: true,
    children: [
      {
        name: 'Vitamíny a minerály',
        leaves: [
          { name: 'Vitamín C', spec: 'tablets', items: ['Vitamín C 500 mg|m', 'Vitamín C so šípkami|m', 'Vitamín C 1000 mg s postupným uvoľňovaním|m'] },
          { name: 'Vitamín D', spec: 'capsules', items: ['Vitamín D3 2000 IU|m', 'Vitamín D3 s K2|m'] },
          { name: 'Magnézium', spec: 'tablets', items: ['Magnézium s vitamínom B6|n', 'Magnézium šumivé|n'] },
        ],
      },
      {
        name: 'Zdravotnícke pomôcky',
        attrs: ['znacka', 'farba'],
        leaves: [
          { name: 'Teplomery', spec: 'none', items: ['Digitálny teplomer|m', 'Bezkontaktný teplomer|m'] },
          { name: 'Tlakomery', spec: 'none', items: ['Tlakomer na rameno|m', 'Tlakomer na zápästie|m'] },
          { name: 'Inhalátory', spec: 'none', items: ['Kompresorový inhalátor|m', 'Ultrazvukový inhalátor|m'] },
        ],
      },
      {
        name: 'Prvá pomoc',
        leaves: [
          { name: 'Náplasti', spec: 'pcs', items: ['Náplasti|pl', 'Hydrokoloidné náplasti|pl', 'Náplasť na pľuzgiere|f'] },
          { name: 'Obväzy', spec: 'cmSmall', attrs: ['znacka', 'balenie'], items: ['Elastický obväz|m', 'Hydrofilný obväz|m'] },
          { name: 'Lekárničky', spec: 'none', attrs: ['znacka', 'farba'], items: ['Autolekárnička|f', 'Cestovná lekárnička|f'] },
        ],
      },
      {
        name: 'Bylinky a čaje',
        leaves: [
          { name: 'Bylinné čaje', spec: 'tea', items: ['Bylinný čaj|m', 'Lipový čaj|m', 'Mätový čaj|m', 'Šípkový čaj|m'] },
          { name: 'Sirupy', spec: 'ml', items: ['Bazový sirup|m', 'Sirup z materinej dúšky|m'] },
          { name: 'Med', spec: 'honey', attrs: ['znacka', 'balenie'], items: ['Kvetový med|m', 'Lesný med|m', 'Agátový med|m'] },
        ],
      },
    ],
  },
  {
    name: 'Zvieratá',
    description: 'Krmivo, pelechy a hračky pre psov, mačky, hlodavce a akvaristiku.',
    brands: ['Labka', 'Chlpáčik', 'Mňau', 'Akvarko', 'Psíček'],
    materials: ['plast', 'nylon', 'bavlna', 'drevo', 'koza'],
    attrs: ['znacka', 'velkost', 'material', 'farba'],
    price: [2, 140],
    children: [
      {
        name: 'Psy',
        leaves: [
          { name: 'Krmivo pre psy', spec: 'kg', attrs: ['znacka', 'velkost', 'balenie'], items: ['Granule pre psov|pl', 'Granule pre šteňatá|pl', 'Konzerva pre psov|f'] },
          { name: 'Obojky a vôdzky', spec: 'none', items: ['Obojok pre psa|m', 'Vôdzka pre psa|f|nylon', 'Postroj pre psa|m'] },
          { name: 'Pelechy pre psov', spec: 'cmBig', items: ['Pelech pre psa|m', 'Ortopedický pelech|m'] },
          { name: 'Hračky pre psov', spec: 'none', items: ['Pískacia hračka pre psa|f', 'Lano na preťahovanie|n|bavlna', 'Lopta pre psa|f'] },
        ],
      },
      {
        name: 'Mačky',
        leaves: [
          { name: 'Krmivo pre mačky', spec: 'g', attrs: ['znacka', 'balenie'], items: ['Granule pre mačky|pl', 'Kapsička pre mačky|f'] },
          { name: 'Škrabadlá', spec: 'cmBig', items: ['Škrabadlo pre mačky|n', 'Škrabací stĺpik|m'] },
          { name: 'Podstielky a toalety', spec: 'lBig', attrs: ['znacka', 'balenie'], items: ['Podstielka pre mačky|f', 'Toaleta pre mačky|f|plast'] },
        ],
      },
      {
        name: 'Malé zvieratá',
        leaves: [
          { name: 'Klietky', spec: 'cmBig', items: ['Klietka pre škrečka|f', 'Klietka pre morča|f'] },
          { name: 'Krmivo pre hlodavce', spec: 'g', attrs: ['znacka', 'balenie'], items: ['Krmivo pre králiky|n', 'Seno pre hlodavce|n'] },
        ],
      },
      {
        name: 'Akvaristika',
        leaves: [
          { name: 'Akváriá', spec: 'lBig', attrs: ['znacka', 'material'], items: ['Akvárium|n|sklo', 'Akvárium s osvetlením|n|sklo'] },
          { name: 'Krmivo pre ryby', spec: 'ml', attrs: ['znacka', 'balenie'], items: ['Vločkové krmivo pre ryby|n', 'Granulované krmivo pre ryby|n'] },
          { name: 'Filtre a čerpadlá', spec: 'none', attrs: ['znacka', 'material'], items: ['Vnútorný filter do akvária|m', 'Vzduchovacie čerpadlo|n'] },
        ],
      },
    ],
  },
];

import type { AttrCode } from './attributes-data';
import type { RootDef } from './catalog-data';

/** Demo departments for the home: kitchen, household, garden, drugstore (see catalog-data.ts). */
export const HOME_DEPARTMENTS: RootDef[] = [
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
];

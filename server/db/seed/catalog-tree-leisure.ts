import type { AttrCode } from './attributes-data';
import type { RootDef } from './catalog-data';

const CLOTHES: AttrCode[] = ['znacka', 'velkost', 'farba', 'material'];

/** Demo departments for free time and family: toys, sport, electronics, health, pets (see catalog-data.ts). */
export const LEISURE_DEPARTMENTS: RootDef[] = [
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

import type Database from 'better-sqlite3';
import { BLOG, INTROS, PARAGRAPHS, STEPS, TIPS, TITLES } from './blog-data';
import { ITEM_PHRASES, SEED_LOCALES, type SeedLocale } from './catalog-i18n';
import { slugify } from './slug';

/**
 * The demo guides in Czech and English (docs/decisions/248): every seeded guide's title, address,
 * teaser and body, made from the same parts as the Slovak one (blog-data.ts) and written to
 * blog_post_texts after seedBlog / seedWidgetGuide. Widget tags stay as they are; only the
 * sentences around them are translated, so a carousel shows the same products in every language.
 */

type Pair = Record<SeedLocale, string>;

/** Each topic of blog-data.ts (an infinitive after "Ako …") in Czech and English. */
const TOPICS: Record<string, Pair> = {
  'upiecť šľahačkovú tortu': { cs: 'upéct šlehačkový dort', en: 'bake a whipped cream cake' },
  'pripraviť kváskový chlieb': { cs: 'připravit kváskový chléb', en: 'make sourdough bread' },
  'upiecť domáce koláčiky': { cs: 'upéct domácí koláčky', en: 'bake homemade biscuits' },
  'uvariť hustú gulášovú polievku': { cs: 'uvařit hustou gulášovou polévku', en: 'cook a thick goulash soup' },
  'pripraviť bryndzové halušky': { cs: 'připravit brynzové halušky', en: 'make bryndza dumplings' },
  'upiecť jablkovú štrúdľu': { cs: 'upéct jablečný závin', en: 'bake an apple strudel' },
  'ozdobiť medovníky': { cs: 'nazdobit perníčky', en: 'decorate gingerbread' },
  'zavárať marhuľový lekvár': { cs: 'zavařit meruňkovou marmeládu', en: 'preserve apricot jam' },
  'vyčistiť rúru bez chémie': { cs: 'vyčistit troubu bez chemie', en: 'clean the oven without chemicals' },
  'odstrániť vodný kameň z kanvice': { cs: 'odstranit vodní kámen z konvice', en: 'descale a kettle' },
  'zbaviť sa plesne v kúpeľni': { cs: 'zbavit se plísně v koupelně', en: 'get rid of mould in the bathroom' },
  'usporiadať šatník': { cs: 'uspořádat šatník', en: 'organise a wardrobe' },
  'vyprať perinu doma': { cs: 'vyprat peřinu doma', en: 'wash a duvet at home' },
  'vyleštiť nerezový riad': { cs: 'vyleštit nerezové nádobí', en: 'polish stainless steel cookware' },
  'udržať poriadok v kuchyni': { cs: 'udržet pořádek v kuchyni', en: 'keep the kitchen tidy' },
  'vyčistiť škáry medzi dlaždicami': { cs: 'vyčistit spáry mezi dlaždicemi', en: 'clean the grout between tiles' },
  'vyrobiť kŕmidlo pre vtáky': { cs: 'vyrobit krmítko pro ptáky', en: 'make a bird feeder' },
  'namaľovať veľkonočné vajíčka': { cs: 'namalovat velikonoční vajíčka', en: 'paint Easter eggs' },
  'postaviť bunker z vankúšov': { cs: 'postavit bunkr z polštářů', en: 'build a pillow fort' },
  'vyrobiť adventný kalendár': { cs: 'vyrobit adventní kalendář', en: 'make an Advent calendar' },
  'zorganizovať detskú oslavu': { cs: 'uspořádat dětskou oslavu', en: "organise a children's party" },
  'vyrobiť masky na karneval': { cs: 'vyrobit masky na karneval', en: 'make carnival masks' },
  'zasadiť s deťmi prvú rastlinku': { cs: 'zasadit s dětmi první rostlinku', en: 'plant a first seedling with children' },
  'pripraviť hľadanie pokladu': { cs: 'připravit hledání pokladu', en: 'set up a treasure hunt' },
  'vypestovať paradajky na balkóne': { cs: 'vypěstovat rajčata na balkoně', en: 'grow tomatoes on a balcony' },
  'predpestovať priesady': { cs: 'předpěstovat sazenice', en: 'raise seedlings' },
  'založiť vyvýšený záhon': { cs: 'založit vyvýšený záhon', en: 'build a raised bed' },
  'zbaviť sa slimákov bez jedu': { cs: 'zbavit se slimáků bez jedu', en: 'get rid of slugs without poison' },
  'pestovať bylinky v kvetináči': { cs: 'pěstovat bylinky v květináči', en: 'grow herbs in a pot' },
  'správne polievať zeleninu': { cs: 'správně zalévat zeleninu', en: 'water vegetables properly' },
  'pripraviť domáci kompost': { cs: 'připravit domácí kompost', en: 'make home compost' },
  'uskladniť zemiaky na zimu': { cs: 'uskladnit brambory na zimu', en: 'store potatoes for the winter' },
  'presadiť orchideu': { cs: 'přesadit orchidej', en: 'repot an orchid' },
  'vybrať kvety na slnečný balkón': { cs: 'vybrat květiny na slunný balkon', en: 'choose flowers for a sunny balcony' },
  'strihať ruže': { cs: 'stříhat růže', en: 'prune roses' },
  'starať sa o muškáty': { cs: 'pečovat o muškáty', en: 'look after geraniums' },
  'založiť kvetinový záhon': { cs: 'založit květinový záhon', en: 'plant a flower bed' },
  'zazimovať citrusy': { cs: 'zazimovat citrusy', en: 'overwinter citrus plants' },
  'pestovať levanduľu': { cs: 'pěstovat levanduli', en: 'grow lavender' },
  'oživiť zvädnutú izbovú rastlinu': { cs: 'oživit zvadlou pokojovou rostlinu', en: 'revive a wilted houseplant' },
  'pripraviť záhradu na zimu': { cs: 'připravit zahradu na zimu', en: 'get the garden ready for winter' },
  'pohrabať lístie bez námahy': { cs: 'shrabat listí bez námahy', en: 'rake leaves without effort' },
  'uskladniť záhradné náradie': { cs: 'uskladnit zahradní nářadí', en: 'store garden tools' },
  'zasadiť cibuľoviny': { cs: 'zasadit cibuloviny', en: 'plant bulbs' },
  'ošetriť ovocné stromy': { cs: 'ošetřit ovocné stromy', en: 'care for fruit trees' },
  'uskladniť záhradný nábytok': { cs: 'uskladnit zahradní nábytek', en: 'store garden furniture' },
  'pohnojiť trávnik na jeseň': { cs: 'pohnojit trávník na podzim', en: 'feed the lawn in autumn' },
  'zazimovať záhradnú hadicu': { cs: 'zazimovat zahradní hadici', en: 'winterise a garden hose' },
  'začať behať po štyridsiatke': { cs: 'začít běhat po čtyřicítce', en: 'start running after forty' },
  'cvičiť doma bez náradia': { cs: 'cvičit doma bez nářadí', en: 'work out at home without equipment' },
  'vybrať správnu podložku na jogu': { cs: 'vybrat správnou podložku na jógu', en: 'choose the right yoga mat' },
  'posilniť chrbát': { cs: 'posílit záda', en: 'strengthen your back' },
  'naplánovať prvú vysokohorskú túru': { cs: 'naplánovat první vysokohorskou túru', en: 'plan a first mountain hike' },
  'pripraviť bicykel na sezónu': { cs: 'připravit kolo na sezónu', en: 'get a bike ready for the season' },
  'rozhýbať sa po zime': { cs: 'rozhýbat se po zimě', en: 'get moving after winter' },
  'cvičiť s odporovou gumou': { cs: 'cvičit s odporovou gumou', en: 'train with a resistance band' },
  'doplniť vitamín D v zime': { cs: 'doplnit vitamín D v zimě', en: 'top up vitamin D in winter' },
  'posilniť imunitu prirodzene': { cs: 'posílit imunitu přirozeně', en: 'boost immunity naturally' },
  'vybrať kvalitný med': { cs: 'vybrat kvalitní med', en: 'choose good honey' },
  'piť dostatok vody počas dňa': { cs: 'pít dostatek vody během dne', en: 'drink enough water during the day' },
  'zostaviť jedálniček na celý týždeň': { cs: 'sestavit jídelníček na celý týden', en: 'plan meals for a whole week' },
  'pripraviť bylinkový čaj': { cs: 'připravit bylinkový čaj', en: 'make herbal tea' },
  'obmedziť cukor v strave': { cs: 'omezit cukr ve stravě', en: 'cut down on sugar' },
  'vybrať vhodné magnézium': { cs: 'vybrat vhodné magnesium', en: 'choose the right magnesium' },
  'vyrobiť domáce mydlo': { cs: 'vyrobit domácí mýdlo', en: 'make homemade soap' },
  'pripraviť pleťovú masku z medu': { cs: 'připravit pleťovou masku z medu', en: 'make a honey face mask' },
  'starať sa o suché vlasy': { cs: 'pečovat o suché vlasy', en: 'care for dry hair' },
  'vybrať opaľovací krém': { cs: 'vybrat opalovací krém', en: 'choose a sunscreen' },
  'zostaviť rannú rutinu starostlivosti o pleť': { cs: 'sestavit ranní rutinu péče o pleť', en: 'put together a morning skincare routine' },
  'pripraviť levanduľový olej': { cs: 'připravit levandulový olej', en: 'make lavender oil' },
  'chrániť pery v zime': { cs: 'chránit rty v zimě', en: 'protect your lips in winter' },
  'vybrať deodorant bez hliníka': { cs: 'vybrat deodorant bez hliníku', en: 'choose an aluminium-free deodorant' },
  'vybrať rýchlovarnú kanvicu': { cs: 'vybrat rychlovarnou konvici', en: 'choose an electric kettle' },
  'vybrať kávovar': { cs: 'vybrat kávovar', en: 'choose a coffee machine' },
  'vybrať tyčový mixér': { cs: 'vybrat tyčový mixér', en: 'choose a hand blender' },
  'vybrať powerbanku na cesty': { cs: 'vybrat powerbanku na cesty', en: 'choose a power bank for travel' },
  'ušetriť elektrinu v domácnosti': { cs: 'ušetřit elektřinu v domácnosti', en: 'save electricity at home' },
  'vybrať LED žiarovky': { cs: 'vybrat LED žárovky', en: 'choose LED bulbs' },
  'vybrať fén na vlasy': { cs: 'vybrat fén na vlasy', en: 'choose a hair dryer' },
  'vybrať panvicu na indukciu': { cs: 'vybrat pánev na indukci', en: 'choose a pan for induction' },
  'vybrať darček pre mamu': { cs: 'vybrat dárek pro mámu', en: 'choose a gift for your mum' },
  'originálne zabaliť darček': { cs: 'originálně zabalit dárek', en: 'wrap a gift in an original way' },
  'vybrať darček pre záhradkára': { cs: 'vybrat dárek pro zahrádkáře', en: 'choose a gift for a gardener' },
  'obdarovať športovca': { cs: 'obdarovat sportovce', en: 'find a gift for an athlete' },
  'vybrať hračku podľa veku dieťaťa': { cs: 'vybrat hračku podle věku dítěte', en: "choose a toy for a child's age" },
  'pripraviť darčekový kôš': { cs: 'připravit dárkový koš', en: 'put together a gift basket' },
  'vybrať darček pre kolegu': { cs: 'vybrat dárek pro kolegu', en: 'choose a gift for a colleague' },
  'ušetriť na vianočných darčekoch': { cs: 'ušetřit na vánočních dárcích', en: 'save on Christmas presents' },
  'vybrať krmivo pre šteňa': { cs: 'vybrat krmivo pro štěně', en: 'choose food for a puppy' },
  'naučiť psa chodiť na vôdzke': { cs: 'naučit psa chodit na vodítku', en: 'teach a dog to walk on a lead' },
  'zabaviť mačku v byte': { cs: 'zabavit kočku v bytě', en: 'keep an indoor cat entertained' },
  'založiť prvé akvárium': { cs: 'založit první akvárium', en: 'set up a first aquarium' },
  'starať sa o morča': { cs: 'pečovat o morče', en: 'look after a guinea pig' },
  'ostrihať psovi pazúry': { cs: 'ostříhat psovi drápky', en: "trim a dog's claws" },
  'pripraviť psa na cestovanie': { cs: 'připravit psa na cestování', en: 'get a dog ready for travel' },
  'vybrať pelech pre psa': { cs: 'vybrat pelíšek pro psa', en: 'choose a dog bed' },
};

/** blog-data.ts's TITLES, in the same order. */
const TITLE_FORMS: Record<SeedLocale, ((t: string, n: number) => string)[]> = {
  cs: [
    (t) => `Jak ${t}`,
    (t) => `Jak ${t}: návod krok za krokem`,
    (t, n) => `${[5, 7, 10][n % 3]} tipů, jak ${t}`,
    (t) => `Jak ${t} – rady pro začátečníky`,
    (t) => `Nejčastější chyby, když chcete ${t}`,
    (t) => `Jak ${t} rychle a jednoduše`,
  ],
  en: [
    (t) => `How to ${t}`,
    (t) => `How to ${t}: a step-by-step guide`,
    (t, n) => `${[5, 7, 10][n % 3]} tips on how to ${t}`,
    (t) => `How to ${t} – advice for beginners`,
    (t) => `The most common mistakes when you want to ${t}`,
    (t) => `How to ${t} quickly and easily`,
  ],
};
const PART: Record<SeedLocale, (n: string) => string> = { cs: (n) => ` (${n}. část)`, en: (n) => ` (part ${n})` };

/** blog-data.ts's INTROS, in the same order. */
const INTRO_FORMS: Record<SeedLocale, ((t: string) => string)[]> = {
  cs: [
    (t) => `Chcete ${t}, ale nevíte, kde začít? V tomto návodu vám krok za krokem ukážeme, jak na to, i když to děláte poprvé.`,
    (t) => `Mnozí z nás by rádi věděli, jak ${t}. Připravili jsme přehledný postup, který zvládne opravdu každý.`,
    (t) => `Pokud se chystáte ${t}, tento článek vám ušetří čas i peníze.`,
  ],
  en: [
    (t) => `Want to ${t} but not sure where to start? This guide shows you how, step by step, even if it is your first time.`,
    (t) => `Many of us would like to know how to ${t}. We have put together a clear method that really anyone can follow.`,
    (t) => `If you are about to ${t}, this article will save you time and money.`,
  ],
};

const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);

/** seedBlog's two teasers, in the same order. */
const TEASER_FORMS: Record<SeedLocale, ((t: string) => string)[]> = {
  cs: [(t) => `<p>${capitalise(t)} není žádná věda. Poradíme vám, co si připravit a na co si dát pozor.</p>`, (t) => `<p>Praktický návod, jak ${t}, s tipy z praxe a seznamem všeho potřebného.</p>`],
  en: [(t) => `<p>To ${t} is no rocket science. We tell you what to prepare and what to watch out for.</p>`, (t) => `<p>A practical guide on how to ${t}, with tips from experience and a list of everything you need.</p>`],
};
const SK_TEASERS = [(t: string) => `<p>${capitalise(t)} nie je žiadna veda. Poradíme vám, čo si pripraviť a na čo si dať pozor.</p>`, (t: string) => `<p>Praktický návod, ako ${t}, s tipmi z praxe a zoznamom všetkého potrebného.</p>`];

/** The fixed sentences and headings of a guide body, Slovak first (blog-data.ts, blog.ts). */
const SENTENCES: [string, string, string][] = [
  ['<h2>Čo budete potrebovať</h2>', '<h2>Co budete potřebovat</h2>', '<h2>What you will need</h2>'],
  ['<h2>Postup</h2>', '<h2>Postup</h2>', '<h2>Method</h2>'],
  ['<h2>Produkty, ktoré sa vám zídu</h2>', '<h2>Produkty, které se vám budou hodit</h2>', '<h2>Products you will find useful</h2>'],
  ['<h3>Tip na záver</h3>', '<h3>Tip na závěr</h3>', '<h3>A final tip</h3>'],
  [STEPS[0], 'Připravte si všechny pomůcky předem, abyste během práce nemuseli nic hledat.', 'Get all your tools ready beforehand so you do not have to look for anything while you work.'],
  [STEPS[1], 'Přečtěte si celý postup ještě předtím, než začnete.', 'Read the whole method before you start.'],
  [STEPS[2], 'Pracujte v klidu a bez spěchu – výsledek za to stojí.', 'Work calmly and without rushing – the result is worth it.'],
  [STEPS[3], 'Dodržujte doporučená množství a časy.', 'Stick to the recommended amounts and times.'],
  [STEPS[4], 'Průběžně kontrolujte výsledek a podle potřeby postup upravte.', 'Check the result as you go and adjust the method if needed.'],
  [STEPS[5], 'Pokud si nejste jistí, vyzkoušejte postup nejprve v menším.', 'If you are unsure, try the method on a small scale first.'],
  [STEPS[6], 'Na závěr vše ukliďte a pomůcky uložte na suché místo.', 'Finally, tidy everything up and put the tools away somewhere dry.'],
  [PARAGRAPHS[0], 'Při výběru pomůcek se vyplatí sáhnout po kvalitnějších výrobcích. Vydrží déle a práce s nimi je pohodlnější.', 'When choosing tools, it pays to go for better-quality products. They last longer and are more comfortable to work with.'],
  [PARAGRAPHS[1], 'Nejčastější chybou je netrpělivost. Dopřejte si dostatek času a výsledek vás potěší.', 'The most common mistake is impatience. Give yourself enough time and you will be pleased with the result.'],
  [PARAGRAPHS[2], 'Postup jsme vyzkoušeli v naší redakci i se začátečníky a zvládli ho všichni.', 'We tried the method in our editorial office with beginners too, and everyone managed it.'],
  [PARAGRAPHS[3], 'Pokud máte doma děti, zapojte je – většinu kroků s malou pomocí zvládnou i ony.', 'If you have children at home, get them involved – with a little help they can manage most of the steps.'],
  [PARAGRAPHS[4], 'Není potřeba drahé vybavení. Většinu věcí, které budete potřebovat, už pravděpodobně doma máte.', 'You do not need expensive equipment. You probably already have most of what you need at home.'],
  [TIPS[0], 'Vše potřebné najdete v našem obchodě a při nákupu nad {doprava_zadarmo_od} máte dopravu zdarma.', 'You will find everything you need in our shop, and delivery is free on orders over {doprava_zadarmo_od}.'],
  [TIPS[1], 'Své výsledky nám pošlete e-mailem – ty nejkrásnější zveřejníme v dalším návodu.', 'Send us your results by e-mail – we will publish the best ones in the next guide.'],
  [TIPS[2], 'Návod si uložte mezi oblíbené, abyste ho měli vždy po ruce.', 'Save the guide to your favourites so you always have it to hand.'],
];

/** The widget showcase guide (blog.ts's seedWidgetGuide): its fixed texts. */
const WIDGET_GUIDE: Record<SeedLocale, { title: string; slug: string; short: string; sentences: [string, string][] }> = {
  cs: {
    title: 'Ukázka: widgety v návodu',
    slug: 'ukazka-widgetu-v-navodu',
    short: '<p>Karusel produktů, video, hodnocení, košík a další widgety, jak je vloží redaktor.</p>',
    sentences: [
      ['Tento návod ukazuje všetky widgety, ktoré môže redaktor vložiť do návodu. Ich značky a atribúty nájdete na stránke', 'Tento návod ukazuje všechny widgety, které může redaktor vložit do návodu. Jejich značky a atributy najdete na stránce'],
      ['>Widgety v návodoch<', '>Widgety v návodech<'],
      ['<li>produkty z karuselu nižšie</li><li>chvíľu času na video</li><li>názor zákazníkov</li>', '<li>produkty z karuselu níže</li><li>chvilku času na video</li><li>názor zákazníků</li>'],
      ['label="Odporúčame"', 'label="Doporučujeme"'],
      ['<h2>Kúpte si hlavný produkt</h2>', '<h2>Kupte si hlavní produkt</h2>'],
      ['Uložte si ho medzi obľúbené alebo sledujte jeho cenu:', 'Uložte si ho mezi oblíbené nebo sledujte jeho cenu:'],
      ['Kód produktu do objednávky:', 'Kód produktu do objednávky:'],
      ['label="Kopírovať kód produktu"', 'label="Kopírovat kód produktu"'],
      ['<h2>Postup na videu</h2>', '<h2>Postup na videu</h2>'],
      ['<h2>Čo hovoria zákazníci</h2>', '<h2>Co říkají zákazníci</h2>'],
      ['<h2>Akcie obchodu</h2>', '<h2>Akce obchodu</h2>'],
    ],
  },
  en: {
    title: 'Showcase: widgets in a guide',
    slug: 'showcase-widgets-in-a-guide',
    short: '<p>A product carousel, video, reviews, cart and other widgets, as an editor places them.</p>',
    sentences: [
      ['Tento návod ukazuje všetky widgety, ktoré môže redaktor vložiť do návodu. Ich značky a atribúty nájdete na stránke', 'This guide shows every widget an editor may place in a guide. Their tags and attributes are listed on the page'],
      ['>Widgety v návodoch<', '>Widgets in guides<'],
      ['<li>produkty z karuselu nižšie</li><li>chvíľu času na video</li><li>názor zákazníkov</li>', '<li>the products in the carousel below</li><li>a little time for the video</li><li>what customers think</li>'],
      ['label="Odporúčame"', 'label="We recommend"'],
      ['<h2>Kúpte si hlavný produkt</h2>', '<h2>Buy the main product</h2>'],
      ['Uložte si ho medzi obľúbené alebo sledujte jeho cenu:', 'Save it to your favourites or watch its price:'],
      ['Kód produktu do objednávky:', 'Product code for your order:'],
      ['label="Kopírovať kód produktu"', 'label="Copy product code"'],
      ['<h2>Postup na videu</h2>', '<h2>The method on video</h2>'],
      ['<h2>Čo hovoria zákazníci</h2>', '<h2>What customers say</h2>'],
      ['<h2>Akcie obchodu</h2>', '<h2>Shop offers</h2>'],
    ],
  },
};
const WIDGET_GUIDE_SK_TITLE = 'Ukážka: widgety v návode';

const replaceAll = (text: string, from: string, to: string) => text.split(from).join(to);

/** The needed-items list: each product phrase in the locale where the catalogue has it. */
function translateItems(body: string, locale: SeedLocale): string {
  const phrases = ITEM_PHRASES[locale];
  return body.replace(/<li>([^<]+)<\/li>/g, (whole, item: string) => {
    const found = phrases[capitalise(item)];
    return found ? `<li>${found.toLowerCase() === found ? found : found[0].toLowerCase() + found.slice(1)}</li>` : whole;
  });
}

interface Known {
  topic: string;
  title: Pair;
}

/** Every Slovak title seedBlog can write → its topic and translations. */
function knownTitles(): Map<string, Known> {
  const known = new Map<string, Known>();
  for (const root of BLOG)
    for (const leaf of root.children)
      for (const topic of leaf.topics) {
        const pair = TOPICS[topic];
        if (!pair) continue;
        TITLES.forEach((form, i) => {
          for (let n = 0; n < 3; n++) known.set(form(topic, n), { topic, title: { cs: TITLE_FORMS.cs[i](pair.cs, n), en: TITLE_FORMS.en[i](pair.en, n) } });
        });
      }
  return known;
}

/**
 * Writes the Czech and English texts of every seeded guide (after seedBlog and seedWidgetGuide):
 * answers the rows written. Like seedBlog's Slovak bodies they are our own markup, written as they
 * are (sanitising 600 bodies cost ~2 s of seed time); the shop sanitises every body before render.
 */
export function seedGuideTexts(sqlite: Database.Database): number {
  const known = knownTitles();
  const guides = sqlite.prepare('SELECT id, title, short, body FROM blog_posts ORDER BY id').all() as { id: number; title: string; short: string; body: string }[];
  const insert = sqlite.prepare('INSERT OR IGNORE INTO blog_post_texts (post_id, locale, title, slug, short, body) VALUES (?, ?, ?, ?, ?, ?)');
  const taken: Record<SeedLocale, Set<string>> = { cs: new Set(), en: new Set() };
  let written = 0;
  for (const guide of guides) {
    if (guide.title === WIDGET_GUIDE_SK_TITLE) {
      for (const locale of SEED_LOCALES) {
        const w = WIDGET_GUIDE[locale];
        let body = guide.body;
        for (const [sk, to] of w.sentences) body = replaceAll(body, sk, to);
        taken[locale].add(w.slug);
        written += insert.run(guide.id, locale, w.title, w.slug, w.short, body).changes;
      }
      continue;
    }
    const part = /^(.*) \((\d+)\. časť\)$/.exec(guide.title);
    const found = known.get(part ? part[1] : guide.title);
    if (!found) continue;
    const pair = TOPICS[found.topic];
    SEED_LOCALES.forEach((locale, li) => {
      const title = found.title[locale] + (part ? PART[locale](part[2]) : '');
      let slug = slugify(title);
      while (taken[locale].has(slug)) slug += `-${guide.id}`;
      taken[locale].add(slug);
      const teaserIndex = SK_TEASERS.findIndex((f) => f(found.topic) === guide.short);
      const short = teaserIndex >= 0 ? TEASER_FORMS[locale][teaserIndex](pair[locale]) : null;
      let body = guide.body;
      INTROS.forEach((form, i) => (body = replaceAll(body, form(found.topic), INTRO_FORMS[locale][i](pair[locale]))));
      for (const sentence of SENTENCES) body = replaceAll(body, sentence[0], sentence[li + 1]);
      body = translateItems(body, locale);
      written += insert.run(guide.id, locale, title, slug, short, body).changes;
    });
  }
  return written;
}

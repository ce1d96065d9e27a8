import { pictureFile, type Picture, type ProductPicture } from '../../media/product-pictures';
import type { Draft } from './product-text';

/** What the demo pictures of a leaf's products show, by the leaf's Slovak name (catalog-tree-*.ts). */
export const LEAF_PICTURES: Readonly<Record<string, ProductPicture>> = {
  Hrnce: 'cooking-pot', Panvice: 'cooking-pot', 'Tlakové hrnce': 'cooking-pot', 'Pokrievky a príslušenstvo': 'cooking-pot',
  'Formy na pečenie': 'cake', 'Plechy a rošty': 'grid', 'Pomôcky na pečenie': 'chef-hat', Vykrajovačky: 'cookie',
  Nože: 'knife', 'Dosky na krájanie': 'slice', 'Varešky a naberačky': 'soup', 'Strúhadlá a lúpače': 'carrot',
  Taniere: 'platter', 'Poháre a šálky': 'coffee', Príbory: 'utensils', 'Obrusy a prestieranie': 'utensils-crossed',
  'Dózy na potraviny': 'container', 'Fľaše a termosky': 'milk', Zaváranie: 'jar',
  'Mopy a vedrá': 'mop', 'Handričky a hubky': 'sparkles', 'Kefy a metly': 'broom',
  'Uteráky a osušky': 'towel', 'Posteľná bielizeň': 'bed-double', 'Deky a prehozy': 'bed', Vankúše: 'bed-single',
  'Úložné boxy': 'archive', 'Vešiaky a háčiky': 'shirt', 'Koše na bielizeň': 'basket',
  Sviečky: 'flame', Vázy: 'flower-vase', Fotorámiky: 'frame', 'Umelé kvety': 'flower',
  'Sušiaky na bielizeň': 'shirt', 'Žehliace dosky': 'shirt', 'Kolíky a vrecká na pranie': 'washing-machine',
  'Rýle a lopaty': 'shovel', Hrable: 'fence', 'Nožnice a pílky': 'scissors',
  'Záhradné hadice': 'droplets', Postrekovače: 'droplets', Kanvy: 'droplet',
  Kvetináče: 'plant-pot', 'Substráty a hnojivá': 'sprout', Semená: 'sprout',
  'Stoličky a lavice': 'armchair', 'Záhradné stoly': 'table', Slnečníky: 'umbrella',
  Grily: 'flame', 'Príslušenstvo na grilovanie': 'beef', 'Drevené uhlie a brikety': 'kindling',
  'Sprchové gély': 'shower', 'Telové mlieka a krémy': 'lotion', Deodoranty: 'spray',
  Šampóny: 'soap', 'Kondicionéry a masky': 'lotion', 'Hrebene a kefy': 'brush',
  'Pleťové krémy': 'lotion', 'Čistenie pleti': 'droplets', 'Pleťové masky': 'smile',
  'Zubné pasty': 'lotion', 'Zubné kefky': 'toothbrush', 'Ústne vody': 'glass-water',
  'Pracie gély': 'washing-machine', 'Prostriedky na riad': 'soap', 'Čistiace spreje': 'spray',
  Stavebnice: 'toy-brick', 'Plyšové hračky': 'rabbit', 'Hry a puzzle': 'puzzle', 'Autíčka a vláčiky': 'car',
  'Hrkálky a hryzátka': 'baby', 'Dojčenské fľaše a cumlíky': 'milk', Prebaľovanie: 'baby',
  'Detské tričká': 'shirt', Pyžamá: 'shirt', 'Čiapky a nákrčníky': 'snowflake',
  'Školské tašky': 'backpack', Peračníky: 'pencil-ruler', 'Výtvarné potreby': 'palette',
  Činky: 'dumbbell', 'Podložky na cvičenie': 'activity', 'Odporové gumy': 'dumbbell',
  Batohy: 'backpack', 'Stany a spacáky': 'tent', 'Turistické palice': 'mountain',
  Prilby: 'bike', 'Svetlá na bicykel': 'flashlight', 'Cyklistické fľaše': 'bike',
  'Funkčné tričká': 'shirt', 'Legíny a šortky': 'shoe', 'Bundy a vetrovky': 'shirt',
  Lopty: 'ball', 'Bedminton a stolný tenis': 'trophy',
  'Rýchlovarné kanvice': 'coffee', Mixéry: 'blender', Hriankovače: 'sandwich', Kávovary: 'coffee',
  Fény: 'wind', Zastrihávače: 'scissors', 'Elektrické zubné kefky': 'electric-toothbrush',
  'LED žiarovky': 'lightbulb', 'Stolové lampy': 'lamp-desk', 'Svetelné reťaze': 'sparkles',
  Nabíjačky: 'plug-zap', Káble: 'cable', Powerbanky: 'battery-charging', 'Obaly na mobil': 'smartphone',
  'Alkalické batérie': 'battery', 'Nabíjateľné batérie': 'battery-full', 'Nabíjačky batérií': 'battery-charging',
  'Vitamín C': 'citrus', 'Vitamín D': 'sun', Magnézium: 'pill',
  Teplomery: 'thermometer', Tlakomery: 'heart-pulse', Inhalátory: 'wind',
  Náplasti: 'bandage', Obväzy: 'bandage', Lekárničky: 'first-aid',
  'Bylinné čaje': 'leaf', Sirupy: 'flask', Med: 'honeycomb',
  'Krmivo pre psy': 'bone', 'Obojky a vôdzky': 'dog', 'Pelechy pre psov': 'dog', 'Hračky pre psov': 'paw-print',
  'Krmivo pre mačky': 'fish', Škrabadlá: 'cat', 'Podstielky a toalety': 'cat',
  Klietky: 'rat', 'Krmivo pre hlodavce': 'wheat',
  Akváriá: 'fish', 'Krmivo pre ryby': 'fish-symbol', 'Filtre a čerpadlá': 'waves',
};

/** A leaf the table does not name yet shows its department's sign. */
const DEPARTMENT_PICTURES: ProductPicture[] = ['cooking-pot', 'house', 'flower', 'soap', 'toy-brick', 'bike', 'plug', 'heart-pulse', 'paw-print'];

/** What a drafted product's pictures show: its leaf's kind, in the colour its filter says it has. */
export const pictureOf = ({ leaf, colour }: Pick<Draft, 'leaf' | 'colour'>): Picture => ({
  kind: LEAF_PICTURES[leaf.name] ?? DEPARTMENT_PICTURES[leaf.rootIndex % DEPARTMENT_PICTURES.length],
  colour: leaf.attrs.has('farba') ? (colour?.style?.background ?? null) : null,
});

/** What a guide's picture shows, by its blog category's Slovak name (blog-data.ts). */
export const GUIDE_PICTURES: Readonly<Record<string, ProductPicture>> = {
  'Recepty a pečenie': 'chef-hat', 'Upratovanie a poriadok': 'broom', 'Tvoríme s deťmi': 'palette',
  'Pestovanie zeleniny': 'carrot', 'Kvety a okrasné rastliny': 'flower', 'Jesenné práce v záhrade': 'leaf',
  'Pohyb a cvičenie': 'activity', 'Výživa a vitamíny': 'citrus', 'Prírodná kozmetika': 'lotion',
  'Ako vybrať spotrebič': 'plug', 'Darčeky pre blízkych': 'gift', 'Domáci miláčikovia': 'paw-print',
};

/** A guide's picture file: its category's drawing, in the guide's own tone. */
export const guidePictureFile = (guideId: number, categoryName: string) =>
  pictureFile(`g${String(guideId).padStart(5, '0')}`, { kind: GUIDE_PICTURES[categoryName] ?? 'sparkles', colour: null }, 1);

import type { SeedLocale } from './catalog-i18n';

/**
 * The blog categories' names in Czech and English (category_texts; the other locales fall back to
 * Slovak), with the roots' own descriptions; a leaf's description is its name and a standard line,
 * as the Slovak seed writes it. The Czech shop's slugs come from the Czech names (its guide
 * addresses carry them; the Slovak ones answer 301 there).
 */
type Texts = Record<SeedLocale, string>;

const ROOTS: Record<string, { name: Texts; description: Texts }> = {
  'Návody a inšpirácie': {
    name: { cs: 'Návody a inspirace', en: 'Guides and inspiration' },
    description: { cs: 'Praktické návody na vaření, úklid a tvoření s dětmi.', en: 'Practical guides to cooking, cleaning and crafting with children.' },
  },
  Záhradkárčenie: {
    name: { cs: 'Zahrádkaření', en: 'Gardening' },
    description: { cs: 'Rady pro zahrádkáře po celý rok – od sazenic po zazimování.', en: 'Advice for gardeners all year round – from seedlings to winter.' },
  },
  'Zdravý životný štýl': {
    name: { cs: 'Zdravý životní styl', en: 'Healthy lifestyle' },
    description: { cs: 'Pohyb, výživa a přírodní kosmetika pro každý den.', en: 'Exercise, nutrition and natural cosmetics for every day.' },
  },
  'Tipy na nákup': {
    name: { cs: 'Tipy na nákup', en: 'Shopping tips' },
    description: { cs: 'Srovnání a rady, jak vybrat to pravé pro sebe i pro blízké.', en: 'Comparisons and advice on choosing the right thing for yourself and your loved ones.' },
  },
};

const LEAVES: Record<string, Texts> = {
  'Recepty a pečenie': { cs: 'Recepty a pečení', en: 'Recipes and baking' },
  'Upratovanie a poriadok': { cs: 'Úklid a pořádek', en: 'Cleaning and tidying' },
  'Tvoríme s deťmi': { cs: 'Tvoříme s dětmi', en: 'Crafts with children' },
  'Pestovanie zeleniny': { cs: 'Pěstování zeleniny', en: 'Growing vegetables' },
  'Kvety a okrasné rastliny': { cs: 'Květiny a okrasné rostliny', en: 'Flowers and ornamental plants' },
  'Jesenné práce v záhrade': { cs: 'Podzimní práce na zahradě', en: 'Autumn garden work' },
  'Pohyb a cvičenie': { cs: 'Pohyb a cvičení', en: 'Exercise and fitness' },
  'Výživa a vitamíny': { cs: 'Výživa a vitamíny', en: 'Nutrition and vitamins' },
  'Prírodná kozmetika': { cs: 'Přírodní kosmetika', en: 'Natural cosmetics' },
  'Ako vybrať spotrebič': { cs: 'Jak vybrat spotřebič', en: 'Choosing an appliance' },
  'Darčeky pre blízkych': { cs: 'Dárky pro blízké', en: 'Gifts for loved ones' },
  'Domáci miláčikovia': { cs: 'Domácí mazlíčci', en: 'Pets' },
};

/** The leaf description's standard line, as `${name}: návody a tipy z praxe.` in Slovak. */
const LEAF_LINE: Texts = { cs: 'návody a tipy z praxe.', en: 'guides and tips from practice.' };

/** A Slovak blog category's [name, description] in `locale`, or null when it has no translation. */
export function blogCategoryText(slovakName: string, locale: keyof Texts): [string, string] | null {
  const root = ROOTS[slovakName];
  if (root) return [root.name[locale], root.description[locale]];
  const leaf = LEAVES[slovakName];
  return leaf ? [leaf[locale], `${leaf[locale]}: ${LEAF_LINE[locale]}`] : null;
}

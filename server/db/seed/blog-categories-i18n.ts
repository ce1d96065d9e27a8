/**
 * The blog categories' names and descriptions in Czech and English (category_texts; the other
 * locales fall back to Slovak). Slugs stay the Slovak ones: guide addresses carry the category's
 * slug, and both shops answer them.
 */
export const BLOG_CATEGORY_TEXTS: Record<string, { cs: [string, string]; en: [string, string] }> = {
  'Návody a inšpirácie': {
    cs: ['Návody a inspirace', 'Praktické návody na vaření, úklid a tvoření s dětmi.'],
    en: ['Guides and inspiration', 'Practical guides to cooking, cleaning and crafting with children.'],
  },
  'Recepty a pečenie': { cs: ['Recepty a pečení', 'Recepty a pečení: návody a tipy z praxe.'], en: ['Recipes and baking', 'Recipes and baking: guides and tips from practice.'] },
  'Upratovanie a poriadok': { cs: ['Úklid a pořádek', 'Úklid a pořádek: návody a tipy z praxe.'], en: ['Cleaning and tidying', 'Cleaning and tidying: guides and tips from practice.'] },
  'Tvoríme s deťmi': { cs: ['Tvoříme s dětmi', 'Tvoříme s dětmi: návody a tipy z praxe.'], en: ['Crafts with children', 'Crafts with children: guides and tips from practice.'] },
  Záhradkárčenie: {
    cs: ['Zahrádkaření', 'Rady pro zahrádkáře po celý rok – od sazenic po zazimování.'],
    en: ['Gardening', 'Advice for gardeners all year round – from seedlings to winter.'],
  },
  'Pestovanie zeleniny': { cs: ['Pěstování zeleniny', 'Pěstování zeleniny: návody a tipy z praxe.'], en: ['Growing vegetables', 'Growing vegetables: guides and tips from practice.'] },
  'Kvety a okrasné rastliny': { cs: ['Květiny a okrasné rostliny', 'Květiny a okrasné rostliny: návody a tipy z praxe.'], en: ['Flowers and ornamental plants', 'Flowers and ornamental plants: guides and tips from practice.'] },
  'Jesenné práce v záhrade': { cs: ['Podzimní práce na zahradě', 'Podzimní práce na zahradě: návody a tipy z praxe.'], en: ['Autumn garden work', 'Autumn garden work: guides and tips from practice.'] },
  'Zdravý životný štýl': {
    cs: ['Zdravý životní styl', 'Pohyb, výživa a přírodní kosmetika pro každý den.'],
    en: ['Healthy lifestyle', 'Exercise, nutrition and natural cosmetics for every day.'],
  },
  'Pohyb a cvičenie': { cs: ['Pohyb a cvičení', 'Pohyb a cvičení: návody a tipy z praxe.'], en: ['Exercise and fitness', 'Exercise and fitness: guides and tips from practice.'] },
  'Výživa a vitamíny': { cs: ['Výživa a vitamíny', 'Výživa a vitamíny: návody a tipy z praxe.'], en: ['Nutrition and vitamins', 'Nutrition and vitamins: guides and tips from practice.'] },
  'Prírodná kozmetika': { cs: ['Přírodní kosmetika', 'Přírodní kosmetika: návody a tipy z praxe.'], en: ['Natural cosmetics', 'Natural cosmetics: guides and tips from practice.'] },
  'Tipy na nákup': {
    cs: ['Tipy na nákup', 'Srovnání a rady, jak vybrat to pravé pro sebe i pro blízké.'],
    en: ['Shopping tips', 'Comparisons and advice on choosing the right thing for yourself and your loved ones.'],
  },
  'Ako vybrať spotrebič': { cs: ['Jak vybrat spotřebič', 'Jak vybrat spotřebič: návody a tipy z praxe.'], en: ['Choosing an appliance', 'Choosing an appliance: guides and tips from practice.'] },
  'Darčeky pre blízkych': { cs: ['Dárky pro blízké', 'Dárky pro blízké: návody a tipy z praxe.'], en: ['Gifts for loved ones', 'Gifts for loved ones: guides and tips from practice.'] },
  'Domáci miláčikovia': { cs: ['Domácí mazlíčci', 'Domácí mazlíčci: návody a tipy z praxe.'], en: ['Pets', 'Pets: guides and tips from practice.'] },
};

/**
 * What the shop shows, lists and sells (spec 3: `visible` 0 hides a product, 2 offers it with a cart
 * button, 4 shows it without one): the one home of these rules, in SQL for the statements and in
 * TypeScript for the pages. Statements name the products table `p` (or pass their own alias).
 */

/** A product's visibility when it is offered for sale with a cart button (spec: visible = 2). */
export const PURCHASABLE = 2;

/** `alias.visible`, or `visible` alone for a statement on products without an alias (''). */
const visible = (alias: string) => (alias ? `${alias}.visible` : 'visible');

/** Shown: not hidden. Its own page, the availability API, watches and the cart's lookups. */
export const shownSql = (alias = 'p') => `${visible(alias)} <> 0`;

/** The same rule for a row already read. */
export const shown = (product: { visible: number }) => product.visible !== 0;

/**
 * Listed: shown and top level; variants are listed under their parent (product_parent_id). What
 * category, seller and search lists, filter counts and the sitemap draw from (with a price in the shop).
 */
export const LISTED_TOP_LEVEL = `p.parent_id IS NULL AND ${shownSql()}`;

/** Offered for sale (visible 2): the home page's newest products, related products and favourites. */
export const offeredSql = (alias = 'p') => `${visible(alias)} = ${PURCHASABLE}`;

/** The columns the rule reads, as SQL: for statements that pick or check products the shop sells. */
export const SELLABLE_SQL = `visible = ${PURCHASABLE} AND availability_days >= 0 AND children_count = 0`;

/**
 * Whether the shop sells this very product: offered for sale (visible 2), not unavailable
 * (availability -1), and not a parent whose variants are what a shopper chooses and buys. The one
 * rule behind the cart button on cards and product pages and behind the cart's refusal.
 */
export function sellable(product: { visible: number; availabilityDays: number; childrenCount: number }): boolean {
  return product.visible === PURCHASABLE && product.availabilityDays >= 0 && product.childrenCount === 0;
}

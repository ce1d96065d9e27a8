/** A product's visibility when it is offered for sale with a cart button (spec: visible = 2). */
export const PURCHASABLE = 2;

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

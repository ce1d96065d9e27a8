import type { ProductCard } from '../catalog/product-card';

/**
 * Grid or list, how a product list is drawn. Pure on purpose: the product-list widget imports this
 * file (widgets/product-list/layout.ts), so the server's first paint and the widget's default agree.
 */
export type Layout = 'grid' | 'list';

export const isLayout = (value: unknown): value is Layout => value === 'grid' || value === 'list';

/**
 * The layout a parent product's variants open in (spec 4; docs/decisions/020): the parent's
 * variant_view_setting (the layout it was configured with) when it names one, else its variant_view.
 * Null when neither does: then phones get the list and wider screens the grid, as on category lists.
 * The shopper's own choice, remembered per parent product, comes before all of this (widget only).
 */
export function variantLayout(variantView: unknown, variantViewSetting: unknown): Layout | null {
  if (isLayout(variantViewSetting)) return variantViewSetting;
  return isLayout(variantView) ? variantView : null;
}

/** Where the widget remembers the grid/list choice for a parent's variants (localStorage "layout:" + this). */
export const variantsLayoutKey = (parentId: number) => `variants:${parentId}`;

/**
 * The input of templates/partials/product-list.eta for the variants on a product page: every variant
 * on one page (no paginator), remembered under the parent's key on the parent's page and on each
 * variant's, the raw variant_view / variant_view_setting for the widget's attributes.
 */
export function variantListView(input: {
  parentId: number;
  /** The page the list is on (its own first page). */
  url: string;
  variants: (ProductCard & { current?: boolean })[];
  variantView: string | null;
  variantViewSetting: string | null;
}) {
  return {
    items: input.variants,
    total: input.variants.length,
    page: 1,
    pageSize: Math.max(1, input.variants.length),
    pageUrlTemplate: input.url,
    firstPageUrl: input.url,
    layoutKey: variantsLayoutKey(input.parentId),
    variantView: input.variantView,
    variantViewSetting: input.variantViewSetting,
    // The server's first paint: the same default the widget picks when nothing is stored.
    layout: variantLayout(input.variantView, input.variantViewSetting),
  };
}

import { isLayout, variantLayout, type Layout } from '../../server/product/variant-list';

/** Grid or list, remembered per list (a category, a parent product's variants, search). */
export type { Layout };

export const layoutStorageKey = (layoutKey: string) => `layout:${layoutKey}`;
/** Spec 9: phones are below 576 px; there a list reads better than a two-column grid. */
export const PHONE_QUERY = '(max-width: 575.98px)';

export function storedLayout(layoutKey: string): Layout | null {
  try {
    const value = localStorage.getItem(layoutStorageKey(layoutKey));
    return isLayout(value) ? value : null;
  } catch {
    // Storage can be blocked (private mode, policies); the default applies.
    return null;
  }
}

export function storeLayout(layoutKey: string, layout: Layout): void {
  try {
    localStorage.setItem(layoutStorageKey(layoutKey), layout);
  } catch {
    // Not remembered, still switched.
  }
}

/**
 * The shopper's own choice wins; then the layout a parent product is configured with for its variants
 * (variantLayout, the rule the server draws the first paint with: variant_view_setting, else
 * variant_view); then the list on phones; else the grid.
 */
export function chooseLayout(stored: Layout | null, variantView: unknown, variantViewSetting: unknown, phone: boolean): Layout {
  return stored ?? variantLayout(variantView, variantViewSetting) ?? (phone ? 'list' : 'grid');
}

import { defineWidget } from '../lib/define';
import { CategoryFilter } from './CategoryFilter';

/**
 * <shop-category-filter category-id="12" base="/kuchyna" total="40" choices="{…}" criteria="{…}">
 * upgrading the plain GET form of templates/partials/filter-form.eta.
 */
defineWidget('shop-category-filter', CategoryFilter, {
  props: { categoryId: 'number', base: 'string', total: 'number', choices: 'json', criteria: 'json' },
});

declare global {
  interface HTMLElementTagNameMap {
    'shop-category-filter': HTMLElement;
  }
}

import { defineWidget } from '../lib/define';
import { CategoryFilter } from './CategoryFilter';
import { fromFallbackForm } from './criteria';

/**
 * <shop-category-filter category-id="12" base="/kuchyna" total="40"> upgrading the plain GET form of
 * templates/partials/filter-form.eta, whose fields are also the choices and the applied filter
 * (decision 190). Elsewhere (an embed) `choices="{…}" criteria="{…}"` can be given as JSON.
 */
defineWidget('shop-category-filter', CategoryFilter, {
  props: { categoryId: 'number', base: 'string', total: 'number', choices: 'json', criteria: 'json' },
  readFallback: fromFallbackForm,
});

declare global {
  interface HTMLElementTagNameMap {
    'shop-category-filter': HTMLElement;
  }
}

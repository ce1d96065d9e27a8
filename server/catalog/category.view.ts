import { viewItemList } from '../render/analytics';
import type { PageMeta } from '../render/renderer';
import { scriptJson } from '../render/json';
import type { KeptCard } from './card-cache';
import type { CatalogAt } from './catalog-views';
import type { CategoryIndex, CategoryNode } from './category.service';
import { categoryListPath, categoryPageTemplate, PAGE_SIZE, priceBoxText, type FilterCriteria } from './filter';
import { optionGroups, type CategoryFilter } from './filter-choices.service';
import { LIST_SORTS, listToolsParams, listToolsQuery, MAX_LIST_TEXT, type ListSort, type ListTools } from './list-tools';
import { listedIds } from './listing.service';
import { categoryUrl } from './urls';

type Translate = (id: string, values?: Record<string, unknown>) => string;

export interface CategoryPageInput {
  at: CatalogAt;
  index: CategoryIndex;
  category: CategoryNode;
  filter: CategoryFilter;
  criteria: FilterCriteria;
  /** The list's own search and order (list-tools.ts). */
  tools: ListTools;
  page: number;
  shop: { id: number; code: string; origin: string; currencySymbol: string };
  origins: Record<string, string>;
  wholesale: boolean;
  /** The shopper's number format (sk-SK, cs-CZ, …): the price boxes say "165,90", not "165.9". */
  intlLocale: string;
  t: Translate;
  /** The listed products' cards in order (card-cache.ts). */
  cards: (ids: number[]) => KeptCard[];
}

/**
 * Everything inside <main> of a category page and its head metadata; null when the page number is
 * past the last page. Nothing here depends on who is asking beyond shop, locale and price role.
 */
export function categoryPageView(input: CategoryPageInput): { view: Record<string, unknown>; meta: PageMeta; cards: KeptCard[] } | null {
  const { at, index, category, filter, criteria, tools, page, shop, t } = input;
  const { ids, total } = listedIds(at.db, at.version, {
    shopId: shop.id,
    wholesale: input.wholesale,
    scope: { kind: 'category', categoryIds: index.subtreeIds(category.id) },
    optionGroups: optionGroups(filter, criteria),
    price: criteria.price,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    tools,
    lang: at.lang,
  });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) return null;

  const base = categoryUrl(category.slug);
  const path = (p: number) => categoryListPath(category.slug, p, criteria, filter.order);
  // The paginator keeps the list's search and order; the canonical address is the list without them.
  const toolsQuery = listToolsQuery(tools);
  const cards = input.cards(ids);
  const breadcrumb = index.breadcrumb(category.id);
  const absolute = (p: string) => `${shop.origin}${p}`;
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: t('Domov'), path: '/' }, ...breadcrumb].map((b, i) => ({ '@type': 'ListItem', position: i + 1, name: b.name, item: absolute(b.path) })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: category.name,
      numberOfItems: total,
      itemListElement: cards.map((card, i) => ({ '@type': 'ListItem', position: (page - 1) * PAGE_SIZE + i + 1, url: absolute(card.url), name: card.name })),
    },
  ];
  const price = filter.choices.price;
  const view = {
    analyticsJson: scriptJson(viewItemList(category.name, cards.map((card) => ({ id: card.id, name: card.name })))),
    category: { id: category.id, name: category.name, description: category.description, url: base },
    subcategories: index.children(category.id).map((c) => ({ name: c.name, url: categoryUrl(c.slug) })),
    breadcrumb,
    filter: {
      categoryId: category.id,
      action: base,
      base,
      attributes: filter.choices.attributes,
      selected: criteria.attributes,
      price: price && { min: priceBoxText(price[0], input.intlLocale), max: priceBoxText(price[1], input.intlLocale) },
      priceMin: criteria.price ? priceBoxText(criteria.price[0], input.intlLocale) : '',
      priceMax: criteria.price ? priceBoxText(criteria.price[1], input.intlLocale) : '',
      active: criteria.price !== null || Object.keys(criteria.attributes).length > 0,
      keep: listToolsParams(tools),
      choices: filter.choices,
      criteria,
      total,
    },
    list: {
      items: cards,
      total,
      page,
      pageSize: PAGE_SIZE,
      pageUrlTemplate: categoryPageTemplate(category.slug, criteria, filter.order) + toolsQuery,
      firstPageUrl: path(1) + toolsQuery,
      layoutKey: `category:${category.id}`,
      variantView: null,
      variantViewSetting: null,
      emptyText: t('Nenašli sme žiadne produkty'),
    },
    listTools: {
      action: path(1),
      text: tools.text,
      maxLength: MAX_LIST_TEXT,
      sorts: sortOptions(tools.sort, t, t('Odporúčané')),
      // "Zrušiť hľadanie" goes back to the list as the filter left it, in the chosen order.
      clearUrl: path(1) + listToolsQuery({ ...tools, text: '' }),
    },
    jsonLd: scriptJson(jsonLd),
  };

  const canonicalPath = path(page);
  // A price range is in the shop's own currency, so a price-filtered list has no twin in the other shop.
  const alternates = criteria.price
    ? undefined
    : [
        { hreflang: 'sk-SK', href: `${input.origins.sk}${categoryListPath(category.slugs.sk, page, criteria, filter.order)}` },
        { hreflang: 'cs-CZ', href: `${input.origins.cz}${categoryListPath(category.slugs.cs, page, criteria, filter.order)}` },
        { hreflang: 'x-default', href: `${input.origins.sk}${categoryListPath(category.slugs.sk, page, criteria, filter.order)}` },
      ];
  const meta: PageMeta = {
    title: page > 1 ? t('{name} – strana {page}', { name: category.name, page }) : category.name,
    description: category.description ?? t('{name}: široký výber za výhodné ceny.', { name: category.name }),
    canonicalPath,
    alternates,
    prevPath: page > 1 ? path(page - 1) + toolsQuery : undefined,
    nextPath: page < pages ? path(page + 1) + toolsQuery : undefined,
  };
  return { view, meta, cards };
}

/** A list's sort menu: its own order first (the editors', a search's relevance), named `unsorted`. */
export function sortOptions(selected: ListSort | null, t: Translate, unsorted: string): { value: string; label: string; selected: boolean }[] {
  return [null, ...LIST_SORTS].map((value) => ({ value: value ?? '', label: value === null ? unsorted : sortLabel(value, t), selected: value === selected }));
}

/** What the sort menu says of an order. */
function sortLabel(sort: ListSort, t: Translate): string {
  switch (sort) {
    case 'price':
      return t('Od najlacnejších');
    case '-price':
      return t('Od najdrahších');
    case 'name':
      return t('Podľa názvu');
    case 'newest':
      return t('Najnovšie');
    case 'bestselling':
      return t('Najpredávanejšie');
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTED_TOP_LEVEL } from '../../server/catalog/sellable';
import { SEARCH_PAGE_SIZE } from '../../server/search/search.schemas';
import { createTestShop, type TestShop } from '../setup/test-app';
import { CZ, get, sql } from './catalog-helpers';

/**
 * The search results' own order: relevance first, then the category lists' orders (price both ways,
 * name, newest, bestselling; server/catalog/list-tools.ts), as a GET form that works without JS.
 */
let shop: TestShop;
let word = '';

beforeAll(() => {
  shop = createTestShop({ products: 400 });
  // The catalogue's most frequent name word: more matches than a page holds.
  word = sql<{ term: string }>(shop, "SELECT term FROM products_fts_vocab WHERE length(term) >= 4 AND term GLOB '[a-z]*' ORDER BY doc DESC LIMIT 1")[0].term;
});
afterAll(() => shop.close());

/** What each order sorts by, for the listed products of the Slovak shop. */
function facts(ids: number[]) {
  const rows = sql<{ id: number; price: number; name: string; created_at: number; position: number }>(
    shop,
    `SELECT p.id, pp.price_b2c AS price, p.name, p.created_at, p.position FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = 1
      WHERE p.id IN (SELECT value FROM json_each(?)) AND ${LISTED_TOP_LEVEL}`,
    JSON.stringify(ids),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every result's id, page by page, in the order shown. */
async function allResults(query: string): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; page < 100; page++) {
    const path = page === 1 ? `/hladaj?${query}` : `/hladaj/${page}?${query}`;
    const { status, doc } = await get(shop, path);
    if (status === 404) break;
    expect(status).toBe(200);
    const ids = [...doc.querySelectorAll('article.product-card[data-product-id]')].map((card) => Number(card.getAttribute('data-product-id')));
    if (ids.length === 0) break;
    out.push(...ids);
  }
  return out;
}

const q = () => `q=${encodeURIComponent(word)}`;

describe('sorting search results', () => {
  it('orders the same matches by price both ways, by name, newest first; ties in the editors’ order, as in a category', async () => {
    const relevance = await allResults(q());
    expect(relevance.length).toBeGreaterThan(SEARCH_PAGE_SIZE);
    const known = facts(relevance);
    const by = async (sort: string) => {
      const ids = await allResults(`${q()}&sort=${sort}`);
      expect([...ids].sort((a, b) => a - b)).toEqual([...relevance].sort((a, b) => a - b));
      return ids.map((id) => known.get(id)!);
    };
    const pairs = <T>(list: T[]) => list.slice(1).map((b, i) => [list[i], b] as const);
    for (const [a, b] of pairs(await by('price'))) expect(a.price).toBeLessThanOrEqual(b.price);
    for (const [a, b] of pairs(await by('-price'))) expect(a.price).toBeGreaterThanOrEqual(b.price);
    const collator = new Intl.Collator('sk', { sensitivity: 'base', numeric: true });
    for (const [a, b] of pairs(await by('name'))) expect(collator.compare(a.name, b.name)).toBeLessThanOrEqual(0);
    for (const [a, b] of pairs(await by('newest'))) expect(a.created_at).toBeGreaterThanOrEqual(b.created_at);
    // Nothing sold yet in this shop: every product ties, in the editors' order.
    const editors = [...relevance].sort((a, b) => known.get(a)!.position - known.get(b)!.position || a - b);
    expect((await by('bestselling')).map((r) => r.id)).toEqual(editors);
  });

  it('shows the menu with the chosen order, and the pager keeps it', async () => {
    const { doc, html } = await get(shop, `/hladaj?${q()}&sort=-price`);
    const form = doc.querySelector('form.list-tools')!;
    expect(form.getAttribute('action')).toBe('/hladaj');
    expect((form.querySelector('input[name="q"]') as HTMLInputElement).value).toBe(word);
    const options = [...form.querySelectorAll('select[name="sort"] option')].map((o) => [o.getAttribute('value'), o.textContent, o.hasAttribute('selected')]);
    expect(options[0]).toEqual(['', 'Najrelevantnejšie', false]);
    expect(options).toContainEqual(['-price', 'Od najdrahších', true]);
    expect(options.map(([value]) => value)).toEqual(['', 'price', '-price', 'name', 'newest', 'bestselling']);
    expect(html).toContain(`/hladaj/2?q=${encodeURIComponent(word)}&amp;sort=-price`);
  });

  it('answers a sorted page privately with the relevance page as canonical; relevance stays shared', async () => {
    const plain = await get(shop, `/hladaj?${q()}`);
    expect(plain.response.headers.get('cache-control')).toMatch(/^public/);
    const sorted = await get(shop, `/hladaj/2?${q()}&sort=name`);
    expect(sorted.status).toBe(200);
    expect(sorted.response.headers.get('cache-control')).toBe('no-store');
    expect(sorted.doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toMatch(new RegExp(`/hladaj/2\\?q=${word}$`));
  });

  it('sends the menu’s empty choice to the address without it, page 1 to the first page with the order, and lists an unknown order by relevance', async () => {
    const empty = await get(shop, `/hladaj?${q()}&sort=`);
    expect(empty.status).toBe(303);
    expect(empty.location).toBe(`/hladaj?q=${word}`);
    const first = await get(shop, `/hladaj/1?${q()}&sort=price`);
    expect(first.status).toBe(301);
    expect(first.location).toBe(`/hladaj?q=${word}&sort=price`);
    expect(await allResults(`${q()}&sort=cheapest`)).toEqual(await allResults(q()));
  });

  it('offers the order in the Czech shop’s words', async () => {
    const { doc } = await get(shop, `/hladaj?${q()}`, CZ);
    expect([...doc.querySelectorAll('form.list-tools option')].map((o) => o.textContent)).toEqual([
      'Nejrelevantnější',
      'Od nejlevnějších',
      'Od nejdražších',
      'Podle názvu',
      'Nejnovější',
      'Nejprodávanější',
    ]);
  });
});

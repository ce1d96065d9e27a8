import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogVersion } from '../../server/catalog/catalog-version';
import { setProductStock } from '../../server/catalog/product-write.service';
import { buildMatch, tokenize } from '../../server/search/search.schemas';
import { keepsRanking, searchProducts } from '../../server/search/search.service';
import { buildTermIndex } from '../../server/search/term-index';
import { allowedEdits, closestTerm, type VocabTerm } from '../../server/search/typo';
import { createTestShop, type TestShop } from '../setup/test-app';
import { sql } from './catalog-helpers';

/**
 * Search keeps ranked lists, the listed ids and the vocabulary in memory per catalogue version
 * (docs/decisions/170). Here its answers are compared with the straightforward SQL of decision 020
 * (FTS joined with products and prices, the vocabulary read per word), before and after writes.
 */
let shop: TestShop;

/**
 * Names where bm25's parts decide the order (the seed's names mostly differ only in length): a word
 * repeated, a prefix matching two words of one name, numbers in names and codes (weights 10 and 1),
 * words of different rarity (IDF).
 */
const RANKED_NAMES: [string, string][] = [
  ['Zzkvet zzkvet zzkvetina 100', 'ZK-100100'],
  ['Zzkvet 100 zzkvetinac', 'ZK-000101'],
  ['Zzkvet', 'ZK-100102'],
  ['Zzkvetina zzkvetina zzkvetina dlhý názov s mnohými slovami 1000', 'ZK-000103'],
  ['Zzkvetinac veľký 100 100', 'ZK-000104'],
  ['Zzkvetinka malá', 'ZK-100105'],
  ['Zzkvet a zzkvetinka a zzkvetinac spolu', 'ZK-000106'],
  ['Zzlist zzkvet', 'ZK-000107'],
];

beforeAll(() => {
  shop = createTestShop({ products: 800 });
  const sqlite = shop.db.$client;
  const category = (sqlite.prepare("SELECT id FROM categories WHERE type = 'product' ORDER BY id LIMIT 1").get() as { id: number }).id;
  for (const [name, code] of RANKED_NAMES) {
    const id = sqlite
      .prepare('INSERT INTO products (category_id, name, slug, code_public, visible, created_at, updated_at) VALUES (?, ?, ?, ?, 2, 0, 0)')
      .run(category, name, `ranked-${code.toLowerCase()}`, code).lastInsertRowid;
    for (const shopId of [1, 2]) sqlite.prepare('INSERT INTO product_prices (product_id, shop_id, price_b2c, price_b2b, vat_rate) VALUES (?, ?, 990, 890, 23)').run(id, shopId);
  }
});
afterAll(() => shop.close());

const LISTED = 'p.visible > 0 AND p.parent_id IS NULL';

/** Decision 020's ranking, straight from SQL: whole-word tier, bm25(10, 1), id. */
function referenceRank(shopId: number, tokens: string[]): number[] {
  const match = buildMatch(tokens);
  if (!match) return [];
  const rows = sql<{ id: number; score: number }>(
    shop,
    `SELECT products_fts.rowid AS id, bm25(products_fts, 10.0, 1.0) AS score FROM products_fts
       JOIN products p ON p.id = products_fts.rowid JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
      WHERE products_fts MATCH ? AND ${LISTED}`,
    shopId,
    match,
  );
  const exact = buildMatch(tokens, false)!;
  const whole = exact === match ? null : new Set(sql<{ id: number }>(shop, 'SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ?', exact).map((r) => r.id));
  const tier = (id: number) => (whole === null || whole.has(id) ? 0 : 1);
  return rows.sort((a, b) => tier(a.id) - tier(b.id) || a.score - b.score || a.id - b.id).map((r) => r.id);
}

/** Decision 020's correction, with the vocabulary read per word. */
function referenceCorrect(tokens: string[]): string[] {
  return tokens.map((token) => {
    if (token.length < 3 || /^\d+$/.test(token) || sql(shop, 'SELECT doc FROM products_fts_vocab WHERE term = ?', token).length) return token;
    const code = token.codePointAt(0)!;
    const slack = Math.max(2, allowedEdits(token));
    const candidates = sql<VocabTerm>(
      shop,
      'SELECT term, doc FROM products_fts_vocab WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?',
      String.fromCodePoint(code),
      String.fromCodePoint(code + 1),
      Math.max(1, token.length - slack),
      token.length + slack,
    );
    return closestTerm(token, candidates) ?? token;
  });
}

/** Every id the search lists, in order (pages of 100). */
function allIds(query: string, shopId = 1) {
  const version = readCatalogVersion(shop.db);
  const first = searchProducts(shop.db, version, query, { shopId, wholesale: false, pageSize: 100 });
  const ids = [...first.ids];
  for (let page = 2; page <= first.pages; page++) ids.push(...searchProducts(shop.db, version, query, { shopId, wholesale: false, pageSize: 100, page }).ids);
  return { ids, total: first.total, corrected: first.corrected };
}

/** Words of the catalogue: common, rare, prefixes, two words. */
function queries(): string[] {
  const words = sql<{ term: string }>(shop, "SELECT term FROM products_fts_vocab WHERE length(term) >= 4 AND term NOT GLOB '*[0-9]*' ORDER BY doc DESC").map((r) => r.term);
  const common = words.slice(0, 8);
  const rare = words.slice(-6);
  // Codes and numbers bring the code column in (weights 10 and 1); "ob" is in every code.
  const code = sql<{ code: string }>(shop, 'SELECT code_public AS code FROM products WHERE parent_id IS NULL ORDER BY id LIMIT 1 OFFSET 17')[0].code;
  const numbers = sql<{ term: string }>(shop, "SELECT term FROM products_fts_vocab WHERE term GLOB '[0-9]*' ORDER BY doc DESC LIMIT 2").map((r) => r.term);
  return [
    ...common,
    ...rare,
    ...common.slice(0, 4).map((w) => w.slice(0, 3)),
    ...common.slice(0, 3).map((w) => w.slice(0, 2)),
    `${common[0]} ${common[1].slice(0, 4)}`,
    `${rare[0]} ${common[2]}`,
    `${common[1]} ${common[1]}`,
    code.replace('-', ' '),
    code.replace('-', ' ').slice(0, -2),
    'ob',
    // (A number alone is also an id, listed first: not this reference's business.)
    `${numbers[0]} ${numbers[1]}`,
    'zzkvet',
    'zzkvetin',
    'zzkvet 100',
    'zzkvet 10',
    'zzkvetina zzkvet',
    'zzlist zzkvet',
    'zk 1001',
    'zzkvet zk',
    `${common[0]} ${numbers[0]}`,
  ];
}

describe('search from the in-memory state per catalogue version', () => {
  it('builds its term index from the catalogue (checked against FTS5), not the FTS fallback', () => {
    const index = buildTermIndex(shop.db);
    expect(index).not.toBeNull();
    expect(index!.terms.length).toBe(sql(shop, 'SELECT term FROM products_fts_vocab').length);
  });

  it('ranks exactly like the straightforward SQL, in both shops', () => {
    let found = 0;
    for (const q of queries()) {
      for (const shopId of [1, 2]) {
        const expected = referenceRank(shopId, tokenize(q));
        const got = allIds(q, shopId);
        expect(got.total, q).toBe(expected.length);
        expect(got.ids, q).toEqual(expected);
        found += expected.length;
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  it('falls back to FTS5 when the index would not match it, with the same answers', () => {
    const sqlite = shop.db.$client;
    // An index row without a product: FTS5 counts one row more than the products table holds.
    sqlite.prepare("INSERT INTO products_fts (rowid, name, code_public) VALUES (99999999, 'Fantomx hrniec', 'XX-1')").run();
    // Written to the index directly (no code of the shop does): seen at the next catalogue version.
    const nextVersion = () => sqlite.prepare('UPDATE catalog_version SET version = version + 1 WHERE id = 1').run();
    nextVersion();
    try {
      expect(buildTermIndex(shop.db)).toBeNull();
      for (const q of queries().slice(0, 6)) expect(allIds(q).ids, q).toEqual(referenceRank(1, tokenize(q)));
    } finally {
      sqlite.prepare("INSERT INTO products_fts (products_fts, rowid, name, code_public) VALUES ('delete', 99999999, 'Fantomx hrniec', 'XX-1')").run();
      nextVersion();
    }
    expect(buildTermIndex(shop.db)).not.toBeNull();
  });

  it('corrects typos exactly like the vocabulary read per word', () => {
    const words = sql<{ term: string }>(shop, "SELECT term FROM products_fts_vocab WHERE length(term) >= 5 AND term NOT GLOB '*[0-9]*' ORDER BY doc DESC LIMIT 12").map((r) => r.term);
    let corrected = 0;
    for (const word of words) {
      for (const typo of [`${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`, `${word}x`, `${word.slice(0, -1)}`]) {
        const expected = referenceCorrect(tokenize(typo));
        const got = allIds(typo);
        if (got.corrected === null) {
          // Either the typo matched as typed (a prefix) or no correction was found.
          expect(got.ids).toEqual(referenceRank(1, tokenize(typo)).length ? referenceRank(1, tokenize(typo)) : referenceRank(1, expected));
        } else {
          expect(got.corrected, typo).toBe(expected.join(' '));
          expect(got.ids, typo).toEqual(referenceRank(1, expected));
          corrected++;
        }
      }
    }
    expect(corrected).toBeGreaterThan(5);
  });

  it('sees a hidden, renamed or unpriced product at once, and keeps its ranks over a stock change', async () => {
    const q = queries()[0];
    const before = allIds(q);
    const sqlite = shop.db.$client;
    const [hidden, unpriced] = before.ids;
    sqlite.prepare('UPDATE products SET visible = 0 WHERE id = ?').run(hidden);
    expect(allIds(q).ids).toEqual(referenceRank(1, tokenize(q)));
    expect(allIds(q).total).toBe(before.total - 1);
    sqlite.prepare('DELETE FROM product_prices WHERE product_id = ? AND shop_id = 1').run(unpriced);
    expect(allIds(q).total).toBe(before.total - 2);
    expect(allIds(q).ids).toEqual(referenceRank(1, tokenize(q)));
    sqlite.prepare("UPDATE products SET name = 'Qwertyzzz prototyp' WHERE id = ?").run(hidden);
    sqlite.prepare('UPDATE products SET visible = 2 WHERE id = ?').run(hidden);
    expect(allIds('qwertyzzz').ids).toEqual([hidden]);
    expect(allIds('qwertyzz').ids).toEqual([hidden]);
    const version = readCatalogVersion(shop.db);
    await setProductStock(shop.db, shop.clock, { send: async () => {} }, { productId: before.ids[3], quantity: 0 });
    expect(readCatalogVersion(shop.db)).toBeGreaterThan(version);
    expect(allIds(q).ids).toEqual(referenceRank(1, tokenize(q)));
  });

  it('keeps a ranking only when it runs past one page (paging reuses it; one page is ranked again)', () => {
    const ranking = (count: number) => ({ ids: Array.from({ length: count }, (_, i) => i + 1), corrected: null });
    expect(keepsRanking(ranking(0), 24)).toBe(false);
    expect(keepsRanking(ranking(24), 24)).toBe(false);
    expect(keepsRanking(ranking(25), 24)).toBe(true);
    // Page 2 of a query with more than a page is the same ranking, whatever was kept.
    const q = 'zzkvet';
    const all = allIds(q).ids;
    expect(all.length).toBeGreaterThan(6);
    const second = searchProducts(shop.db, readCatalogVersion(shop.db), q, { shopId: 1, wholesale: false, page: 2, pageSize: 3 });
    expect(second.ids).toEqual(all.slice(3, 6));
  });
});

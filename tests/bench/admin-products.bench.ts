/**
 * Issue 20's figure for the catalogue: the back office's product list at 100,000 products, searched
 * by a part of the name and shown at page 50 (target p99 ≤ 50 ms), in process: the list's queries
 * (page, count, the page's prices) as the route runs them. Seeds a demo shop with the seed generator
 * (tests/bench/seeded-shop.ts). Nothing asserts a time.
 *   npx tsx tests/bench/admin-products.bench.ts        (wired into npm run bench at merge)
 */
import { productPage } from '../../server/admin/catalogue/product-list.service';
import { EMPTY_PRODUCT_FILTER, type ProductFilter } from '../../server/admin/catalogue/products.schemas';
import { seededShop } from './seeded-shop';

const PRODUCTS = 100_000;

export type Figure = [string, string, string];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

function measure(run: () => unknown, runs: number): { p50: number; p99: number } {
  for (let i = 0; i < 20; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export function benchAdminProducts(options: { products?: number; runs?: number } = {}): Figure[] {
  const products = options.products ?? PRODUCTS;
  const runs = options.runs ?? 200;
  const started = performance.now();
  const { db, remove } = seededShop('obchod-admin-products-', products);
  try {
    const seeded = Math.round(performance.now() - started);
    // A word many names share (so page 50 exists), and one that few do.
    const common = (db.$client.prepare('SELECT name FROM products ORDER BY id LIMIT 1').get() as { name: string }).name.split(' ')[0];
    const total = (q: string) => productPage(db, { ...EMPTY_PRODUCT_FILTER, q }).total;
    const filter = (q: string, strana: number): ProductFilter => ({ ...EMPTY_PRODUCT_FILTER, q, strana });
    const byName = measure(() => productPage(db, filter(common, 50)), runs);
    const someCode = (db.$client.prepare('SELECT code_public AS c FROM products ORDER BY id DESC LIMIT 1 OFFSET 500').get() as { c: string }).c;
    const byCode = measure(() => productPage(db, filter(someCode, 1)), runs);
    const unfiltered = measure(() => productPage(db, filter('', 50)), runs);
    const waiting = measure(() => productPage(db, { ...filter('', 50), viditelnost: '4' }), runs);
    console.log(
      `\nback office: ${products.toLocaleString('en')} products seeded in ${seeded} ms; "${common}" matches ${total(common)}; ` +
        `search by name, page 50: p50 ${byName.p50.toFixed(2)} ms, p99 ${byName.p99.toFixed(2)} ms`,
    );
    return [
      [`admin product list 100k, search by name "${common}", page 50: p99`, `${byName.p99.toFixed(1)} ms`, '≤ 50 ms'],
      ['admin product list 100k, search by code: p99', `${byCode.p99.toFixed(1)} ms`, ''],
      ['admin product list 100k, no filter, page 50: p99', `${unfiltered.p99.toFixed(1)} ms`, ''],
      ['admin product list 100k, waiting for approval, page 50: p99', `${waiting.p99.toFixed(1)} ms`, ''],
    ];
  } finally {
    db.$client.close();
    remove();
  }
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  try {
    for (const [name, value, target] of benchAdminProducts({ products: Number(process.env.BENCH_PRODUCTS ?? PRODUCTS) })) console.log(`${name.padEnd(80)} ${value.padStart(24)}  ${target}`);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

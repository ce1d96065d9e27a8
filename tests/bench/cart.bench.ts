/**
 * `npx tsx build.ts && npx tsx tests/bench/cart.bench.ts`: the cart API under load (issue 4 asks for
 * `POST /api/cart/add` and `GET /api/cart` as ratios to the bare route). Standalone like
 * search.bench.ts; prints one run's figures and asserts no time (machines are noisy).
 *
 * Each autocannon connection is its own shopper: a session id of its own and the CSRF token that
 * belongs to it (HMAC of the server's SECRET, which the bench sets), so the adds go through the
 * same CSRF and session checks as a browser's. A connection cycles through five products, so a
 * cart stays realistic (≤ 5 lines) and a line reaches the 99-piece limit only after ~500 adds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { csrfTokenFor } from '../../server/http/csrf';
import { ROOT, spawnServer, startShop } from '../e2e/server';

const PRODUCTS = 2000;
const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const SECRET = 'cart-bench-secret-cart-bench-secret-0123456';

interface Shopper {
  cookie: string;
  token: string;
  products: number[];
  next: number;
}

/** Products a shopper can actually buy (the demo catalogue has unavailable ones): probed with one add each. */
async function purchasableIds(origin: string, wanted: number): Promise<number[]> {
  const items: { id: number }[] = [];
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = (await (await fetch(`${origin}/api/product?_limit=100&_offset=${offset}`)).json()) as { items: { id: number }[] };
    items.push(...page.items);
  }
  const sid = 'cartbenchprobe'.padEnd(43, 'x');
  const ids: number[] = [];
  for (const { id } of items) {
    const add = await fetch(`${origin}/api/cart/add`, {
      method: 'POST',
      headers: { cookie: `sid=${sid}`, 'content-type': 'application/json', 'x-csrf-token': csrfTokenFor(SECRET, sid), 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ product_id: id, quantity: 1 }),
    });
    await add.arrayBuffer();
    if (add.status === 200) ids.push(id);
    if (ids.length === wanted) break;
  }
  return ids;
}

function shoppers(ids: number[]): Shopper[] {
  return Array.from({ length: CONNECTIONS }, (_, i) => {
    const sid = `cartbench${String(i).padStart(4, '0')}`.padEnd(43, 'x');
    return { cookie: `sid=${sid}`, token: csrfTokenFor(SECRET, sid), products: ids.slice(i * 5, i * 5 + 5), next: 0 };
  });
}

async function measure(name: string, url: string, options: Partial<autocannon.Options>) {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, ...options });
  await run(WARMUP_S);
  const r = await run(DURATION_S);
  return { name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** One shopper per connection: the connection's first request picks the next free shopper. */
function perShopper(list: Shopper[], build: (s: Shopper) => { method: 'GET' | 'POST'; body?: string; headers: Record<string, string> }) {
  let assigned = 0;
  return {
    requests: [
      {
        setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
          context.shopper ??= list[assigned++ % list.length];
          const shopper = context.shopper as Shopper;
          const made = build(shopper);
          return { ...request, method: made.method, body: made.body, headers: { ...made.headers, cookie: shopper.cookie } };
        },
      },
    ],
  } as Partial<autocannon.Options>;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'obchod-cart-bench-'));
  const shop = await startShop({ dbFile: join(dir, 'shop.db'), products: PRODUCTS, strict: false, env: { SECRET } });
  const bare = await spawnServer(join(ROOT, 'tests/bench/bare-server.mjs'), {}, /bare hono listens on http:\/\/[^\s:]+:(\d+)/);
  try {
    const ids = await purchasableIds(shop.url, CONNECTIONS * 5);
    const list = shoppers(ids);
    const add = (s: Shopper) => ({
      method: 'POST' as const,
      body: JSON.stringify({ product_id: s.products[s.next++ % s.products.length], quantity: 1 }),
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.token, 'sec-fetch-site': 'same-origin' },
    });
    const results = [
      await measure('bare hono', `http://127.0.0.1:${bare.port}/`, {}),
      await measure('POST /api/cart/add', `${shop.url}/api/cart/add`, perShopper(list, add)),
      await measure('GET /api/cart (≤ 5 lines)', `${shop.url}/api/cart`, perShopper(list, () => ({ method: 'GET', headers: {} }))),
    ];
    const baseline = results[0].rps;
    console.log(`\ncart bench: ${PRODUCTS} products, ${CONNECTIONS} shoppers/connections, ${WARMUP_S} s warm-up + ${DURATION_S} s each\n`);
    for (const r of results) {
      console.log(
        `${r.name.padEnd(28)} ${String(r.rps).padStart(7)} req/s  ${((100 * r.rps) / baseline).toFixed(1).padStart(5)} % of bare  p50 ${r.p50} ms  p99 ${r.p99} ms` +
          (r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''),
      );
    }
  } finally {
    await bare.stop();
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

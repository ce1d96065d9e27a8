/**
 * `npx tsx tests/bench/filter.bench.ts [--products 100000] [--db existing.db]`: CPU per request, in
 * process (tests/bench/in-process.ts), of the filter count, filtered product lists and search at
 * 100,000 products. Two figures per target:
 * "same" repeats one request (what `npm run bench` hammers; answer caches hit) and "distinct"
 * rotates through requests that were never asked before (the cost of computing an answer).
 * Prints; asserts nothing (the machine is shared). docs/decisions/170.
 */
import { createApp } from '../../server/app';
import { csrfTokenFor } from '../../server/http/csrf';
import { inProcess } from './in-process';
import { seededShop } from './seeded-shop';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const products = Number(arg('--products')) || 100_000;
const rounds = Number(arg('--rounds')) || 200;
const { config, db, remove } = seededShop('obchod-filter-bench-', products, arg('--db'));
const sqlite = db.$client;
const app = createApp({ db, config: { ...config, production: true }, clock: { now: () => new Date() }, logger: { error: () => {}, info: () => {} }, mailer: { send: async () => {} } });
const shop = inProcess(app.fetch);
const sid = 'f'.repeat(43);
const api = { 'accept-encoding': 'gzip, deflate, br', cookie: `sid=${sid}`, 'x-csrf-token': csrfTokenFor(config.secret, sid), 'content-type': 'application/json' };
const page = { 'accept-encoding': 'gzip, deflate, br', cookie: `sid=${sid}` };

/** The largest department, and its largest direct subcategory. */
const departments = sqlite
  .prepare(
    `SELECT c.id, c.slug, count(p.id) AS n FROM categories c JOIN categories d ON d.path LIKE c.path || '%' JOIN products p ON p.category_id = d.id
      WHERE c.type = 'product' AND p.parent_id IS NULL AND p.visible <> 0 GROUP BY c.id ORDER BY c.parent_id IS NOT NULL, n DESC`,
  )
  .all() as { id: number; slug: string; n: number }[];
const root = departments[0];
const sub = (sqlite.prepare('SELECT id FROM categories WHERE parent_id = ?').pluck().all(root.id) as number[])
  .map((id) => departments.find((d) => d.id === id)!)
  .filter(Boolean)
  .sort((a, b) => b.n - a.n)[0];

interface Choices {
  attributes: Record<string, { options: Record<string, string> }>;
  order: string[];
  price: { options: [number, number] } | null;
}

async function choicesOf(categoryId: number): Promise<Choices> {
  const r = await shop('/api/product/filter', api, { method: 'POST', body: JSON.stringify({ category_id: categoryId }) });
  if (r.status !== 200) throw new Error(`filter choices: ${r.status} ${r.body.toString().slice(0, 300)}`);
  return JSON.parse(r.body.toString()) as Choices;
}

/** Criteria with `groups` attribute groups (two options each) and, when asked, a price range; `seed` varies them. */
function criteria(choices: Choices, groups: number, withPrice: boolean, seed = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const codes = choices.order.filter((c) => Object.keys(choices.attributes[c].options).length >= 2).slice(0, groups);
  codes.forEach((code, g) => {
    const keys = Object.keys(choices.attributes[code].options);
    out[code] = [keys[(seed + g) % keys.length], keys[(seed * 7 + g + 1) % keys.length]].filter((k, i, a) => a.indexOf(k) === i);
  });
  if (withPrice && choices.price) {
    const [min, max] = choices.price.options;
    const span = max - min;
    const lo = min + Math.floor((span * ((seed * 13) % 40)) / 100);
    out.price = [lo, lo + Math.floor(span / 3)];
  }
  return out;
}

async function cpu(run: (i: number) => Promise<{ status: number }>, n = rounds): Promise<number> {
  for (let i = 0; i < 5; i++) await run(-1 - i);
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) if ((await run(i)).status !== 200) throw new Error('not 200');
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

const rows: { target: string; same: number; distinct: number | string }[] = [];
type Call = () => Promise<{ status: number; body: Buffer }>;
async function target(name: string, same: Call, distinct?: (i: number) => Promise<{ status: number; body: Buffer }>) {
  const first = await same();
  if (first.status !== 200) throw new Error(`${name}: ${first.status} ${first.body.toString().slice(0, 300)}`);
  const s = await cpu(same);
  const d = distinct ? await cpu(distinct) : '–';
  rows.push({ target: name, same: Math.round(s), distinct: typeof d === 'number' ? Math.round(d) : d });
  console.log(`  ${name}: ${Math.round(s)} µs same, ${typeof d === 'number' ? Math.round(d) : d} µs distinct`);
}

const post = (path: string, body: unknown) => shop(path, api, { method: 'POST', body: JSON.stringify(body) });

async function main() {
  console.log(`filter bench: ${products} products, department /${root.slug} (${root.n} listed), subcategory ${sub?.id} (${sub?.n} listed), ${rounds} requests per figure\n`);
  const rootChoices = await choicesOf(root.id);
  const subChoices = await choicesOf(sub.id);
  // Many distinct criteria, so an answer cache cannot serve the "distinct" figure.
  const variants = (choices: Choices, groups: number, price: boolean) => {
    const seen = new Map<string, Record<string, unknown>>();
    for (let seed = 0; seen.size < rounds + 5 && seed < rounds * 50; seed++) {
      const c = criteria(choices, groups, price, seed);
      seen.set(JSON.stringify(c), c);
    }
    return [...seen.values()];
  };
  for (const [label, categoryId, choices] of [['department', root.id, rootChoices], ['subcategory', sub.id, subChoices]] as const) {
    for (const [groups, price] of [[1, false], [2, false], [3, false], [0, true], [2, true]] as const) {
      const name = `filter-count ${label}: ${groups} group(s)${price ? ' + price' : ''}`;
      const list = variants(choices, groups, price);
      await target(
        name,
        () => post('/api/product/filter-count', { category_id: categoryId, filter_criteria: criteria(choices, groups, price) }),
        (i) => post('/api/product/filter-count', { category_id: categoryId, filter_criteria: list[(i + list.length) % list.length] }),
      );
    }
  }
  const listVariants = variants(rootChoices, 1, true);
  await target(
    'POST /api/product department, 1 group + price',
    () => post('/api/product', { category_id: root.id, filter_criteria: criteria(rootChoices, 1, true), _limit: 12 }),
    (i) => post('/api/product', { category_id: root.id, filter_criteria: listVariants[(i + listVariants.length) % listVariants.length], _limit: 12 }),
  );
  await target('POST /api/product department, unfiltered', () => post('/api/product', { category_id: root.id, _limit: 12 }));

  // Search: distinct words from the index vocabulary (common ones: in the most products).
  const common = sqlite.prepare("SELECT term FROM products_fts_vocab WHERE length(term) >= 4 AND term NOT GLOB '*[0-9]*' ORDER BY doc DESC LIMIT ?").pluck().all(rounds + 5) as string[];
  const rare = sqlite.prepare("SELECT term FROM products_fts_vocab WHERE length(term) >= 5 AND term NOT GLOB '*[0-9]*' ORDER BY doc, term LIMIT ?").pluck().all(rounds + 5) as string[];
  const typo = (w: string) => w.slice(0, 2) + w[3] + w[2] + w.slice(4);
  const codes = sqlite.prepare('SELECT code_public FROM products WHERE parent_id IS NULL AND visible <> 0 ORDER BY id LIMIT ?').pluck().all(rounds + 5) as string[];
  const q = (text: string) => shop(`/hladaj?q=${encodeURIComponent(text)}`, page);
  await target('search common word (hrniec)', () => q('hrniec'), (i) => q(common[(i + common.length) % common.length]));
  await target('search rare word', () => q(rare[0]), (i) => q(rare[(i + rare.length) % rare.length]));
  await target('search diacritics (šľahačková / slahackova)', () => q('slahackova'), (i) => q(i % 2 ? 'šľahačková' : `slahackova ${common[(i + common.length) % common.length]}`));
  await target('search typo fallback (hrnniec)', () => q('hrnniec'), (i) => q(typo(common[(i + common.length) % common.length])));
  await target('search by code', () => q('OB-012345'), (i) => q(codes[(i + codes.length) % codes.length]));
  await target('search two-letter prefix (hr)', () => q('hr'));
  await target('api search hrniec', () => shop('/api/search?q=hrniec', page));

  console.log(`\nCPU per request, in process, ${products} products (µs; "same" = one request repeated, "distinct" = never asked before):`);
  console.table(rows);
}

await main();
sqlite.close();
remove();

/**
 * Whether this tree answers exactly as another one does: `npx tsx tests/bench/same-answers.ts --base /tmp/main-tree [--db seeded.db]`
 * (the other tree prepared as for ab.ts). Pages (category, home, search, 404, 30 products, cart,
 * account) and the product API, anonymous and signed in, each asked twice over one database; status,
 * headers and bodies compared, with the request id, the date, build hashes and the ETag's release
 * left out (they differ between any two builds). SHOW=1 prints where a body differs first.
 */
import { join, resolve } from 'node:path';
import { signInConsumer } from './bench-db';
import { inProcess } from './in-process';
import { seededShop } from './seeded-shop';
import { csrfTokenFor } from '../../server/http/csrf';
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const baseRoot = arg('--base');
if (!baseRoot) throw new Error('usage: tsx tests/bench/same-answers.ts --base /path/to/other/tree [--db seeded.db]');
const { config, db, remove } = seededShop('obchod-cmp-', Number(arg('--products')) || 10_000, arg('--db'));
const silent = { error: () => {}, info: () => {} };
const base = await import(join(resolve(baseRoot), 'server/app.ts'));
const mine = await import('../../server/app');
const make = (m: any, root: string) => inProcess(m.createApp({ db, config: { ...config, root, production: true, compress: false }, clock: { now: () => new Date() }, logger: silent, mailer: { send: async () => {} } }).fetch);
const A = make(base, resolve(baseRoot)); const B = make(mine, config.root);
const sqlite = db.$client;
const sid = 'u'.repeat(43); signInConsumer(sqlite, sid, 'cmp@example.sk');
const browser = { 'accept-encoding': 'gzip, deflate, br' };
const signedIn = { ...browser, cookie: `sid=${sid}` };
const api = { ...signedIn, 'x-csrf-token': csrfTokenFor(config.secret, sid), 'content-type': 'application/json' };
const category = sqlite.prepare("SELECT slug FROM categories WHERE type = 'product' AND depth = 0 ORDER BY position LIMIT 1").pluck().get() as string;
const catId = sqlite.prepare('SELECT id FROM categories WHERE slug = ?').pluck().get(category);
const slugs = sqlite.prepare('SELECT slug FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 60').pluck().all() as string[];
const cases: [string, Record<string, string>, any?][] = [
  [`/${category}/2`, browser], [`/${category}/2`, signedIn], ['/', signedIn], ['/', browser], ['/neexistuje', browser], ['/neexistuje', signedIn], ['/hladaj?q=hrniec', signedIn],
  ...slugs.slice(0, 20).map((s) => [`/${s}`, signedIn] as [string, Record<string, string>]), ...slugs.slice(20, 30).map((s) => [`/${s}`, browser] as [string, Record<string, string>]),
  ['/api/product', api, { method: 'POST', body: JSON.stringify({ category_id: catId, _limit: 12 }) }],
  ['/api/product', api, { method: 'POST', body: JSON.stringify({ category_id: catId, _limit: 5, _offset: 3, with_availability: true }) }],
  [`/api/product?category_id=${catId}&_limit=3`, browser], ['/api/session', signedIn], ['/nakupny-kosik', signedIn], ['/moje/konto', signedIn],
];
let diffs = 0;
for (const [path, h, init] of cases) for (let round = 0; round < 2; round++) {
  const a = await A(path, h, init); const b = await B(path, h, init);
  const hn = (x: any) => JSON.stringify({ ...x, 'x-request-id': 0, date: 0 }).replace(/"\d+-[0-9a-f]{8}-/g, '"E-');
  const ha = hn(a.headers); const hb = hn(b.headers);
  const norm = (x: string) => x.replace(/[0-9a-f-]{36}/g, 'ID').replace(/-[A-Za-z0-9_]{8}\.(js|css|json)/g, '-H.$1');
  const ba = norm(a.body.toString()); const bb = norm(b.body.toString());
  if (process.env.SHOW && ba !== bb) { let i = 0; while (ba[i] === bb[i]) i++; console.log(path, JSON.stringify(ba.slice(i - 80, i + 80)), "\n", JSON.stringify(bb.slice(i - 80, i + 80))); }
  if (a.status !== b.status || ha !== hb || ba !== bb) { diffs++; console.log('DIFF', path, a.status, b.status, ha === hb ? '' : `\n  ${ha}\n  ${hb}`, ba === bb ? '' : `body ${ba.length} vs ${bb.length}`); }
}
console.log(`${cases.length * 2} answers compared, ${diffs} differ`);
sqlite.close(); remove();

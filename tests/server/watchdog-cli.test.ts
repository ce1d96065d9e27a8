import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config';
import { migrateDb, openDb, type Db } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { ensureShops } from '../../server/shops/shops.service';
import { validateWatchdog } from '../../server/watchdog/watchdog.schemas';
import { saveWatch } from '../../server/watchdog/watchdog.service';
import { productsOf, watchRows, type TestProduct } from './watchdog-helpers';

const run = promisify(execFile);
const root = projectRoot();

// A folder of its own outside tests/.tmp: the command is another process that opens the file by path.
let dir: string;
let dbFile: string;
let outbox: string;
let shop: { db: Db };
let products: TestProduct[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'obchod-cli-'));
  dbFile = join(dir, 'shop.db');
  outbox = join(dir, 'outbox');
  const db = openDb(dbFile);
  migrateDb(db, root);
  ensureShops(db);
  seedDemo(db, { products: 60 });
  shop = { db };
  products = productsOf(shop).filter((p) => p.price > 500);
});
afterAll(() => {
  shop.db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const clock = { now: () => new Date('2026-11-22T10:00:00Z') };
function watch(productId: number, form: Record<string, unknown>, price: number): void {
  const result = validateWatchdog(form, price);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  saveWatch(shop.db, clock, { productId, shopId: 1, locale: 'sk', input: result.value });
}

/** The operator command, exactly as the Chromium journey runs it: its own process, DB_FILE and MAIL_OUTBOX. */
function cli(...args: string[]) {
  return run('npx', ['tsx', 'server/catalog/cli.ts', ...args], {
    cwd: root,
    timeout: 60_000,
    env: { ...process.env, DB_FILE: dbFile, MAIL_OUTBOX: outbox, MAIL_URL: '', LOG_LEVEL: 'error', NODE_NO_WARNINGS: '1' },
  });
}

/** The text part of an .eml as nodemailer writes it (quoted-printable UTF-8), decoded. */
function decodeEml(raw: string): string {
  const body = raw.slice(raw.indexOf('\n\n') + 2).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const hex = body[i] === '=' ? /^[0-9A-F]{2}/.exec(body.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(body[i]));
  }
  return Buffer.from(bytes).toString('utf8');
}

const emls = () => readdirSync(outbox).filter((f) => f.endsWith('.eml'));

describe('server/catalog/cli.ts', () => {
  it('set-price lowers the price and writes the watch e-mail as an .eml file into MAIL_OUTBOX', { timeout: 90_000 }, async () => {
    const product = products[0];
    const limit = `${Math.floor(product.price / 100)},${String(product.price % 100).padStart(2, '0')}`;
    watch(product.id, { email: 'cli@example.sk', price: '1', price_value: limit }, product.price);

    const { stdout } = await cli('set-price', '--product', String(product.id), '--shop', 'sk', '--price', '2,50');
    expect(stdout).toContain('watches fired 1, e-mails sent 1');
    const price = shop.db.$client.prepare('SELECT price_b2c FROM product_prices WHERE product_id = ? AND shop_id = 1').get(product.id) as { price_b2c: number };
    expect(price.price_b2c).toBe(250);
    expect(watchRows(shop, product.id)[0].fired_at).not.toBeNull();

    const files = emls();
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(outbox, files[0]), 'utf8');
    expect(raw).toMatch(/^To: cli@example\.sk$/m);
    const text = decodeEml(raw);
    expect(text).toContain(product.name);
    expect(text).toContain(`/${product.slug}`);
    expect(text).toContain('/sledovanie-ceny/odhlasit/');
  });

  it('set-stock fires availability watches; bad arguments exit 2, an unknown product exits 1', { timeout: 90_000 }, async () => {
    const product = products[1];
    shop.db.$client.prepare('UPDATE products SET quantity = 0 WHERE id = ?').run(product.id);
    watch(product.id, { email: 'sklad-cli@example.sk', available: 'on' }, product.price);
    const { stdout } = await cli('set-stock', '--product', String(product.id), '--quantity', '7');
    expect(stdout).toContain('watches fired 1');
    expect(emls()).toHaveLength(2);

    await Promise.all([
      expect(cli('set-price', '--product', String(product.id), '--price', 'lacno')).rejects.toMatchObject({ code: 2 }),
      expect(cli('set-stock', '--product', '999999', '--quantity', '1')).rejects.toMatchObject({ code: 1 }),
    ]);
  });
});

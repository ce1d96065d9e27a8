import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config';
import { openDb } from '../db/client';
import { shops } from '../db/schema';
import { createLogger } from '../http/logger';
import { ProblemError } from '../http/problem';
import { createMailer } from '../mail/mailer';
import { parseCount, parsePriceMinor } from '../watchdog/watchdog.schemas';
import { setProductPrice, setProductStock } from './product-write.service';

const USAGE = `Usage:
  npx tsx server/catalog/cli.ts set-price --product ID [--shop sk|cz] --price 9,90 [--old-price 12,90|none]
  npx tsx server/catalog/cli.ts set-stock --product ID --quantity N

Changes a product's B2C price (in one shop) or its stock in DB_FILE, then e-mails the price and
availability watches that fire (SMTP when MAIL_URL is set, else .eml files in MAIL_OUTBOX).`;

type Parsed = { error: string } | { help: true } | { run: (ctx: Ctx) => Promise<string> };
type Ctx = { db: ReturnType<typeof openDb>; config: ReturnType<typeof loadConfig> };

function parse(argv: string[]): Parsed {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        product: { type: 'string' },
        shop: { type: 'string', default: 'sk' },
        price: { type: 'string' },
        'old-price': { type: 'string' },
        quantity: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { error: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) return { help: true };
  const productId = parseCount(values.product ?? '');
  if (!productId) return { error: '--product needs a product id' };

  if (positionals[0] === 'set-price') {
    const price = parsePriceMinor(values.price ?? '');
    if (price === null || price === 0) return { error: '--price needs a price such as 9,90' };
    const code = values.shop;
    if (code !== 'sk' && code !== 'cz') return { error: '--shop is sk or cz' };
    const old = values['old-price'];
    const priceOldB2c = old === undefined ? undefined : old === 'none' ? null : parsePriceMinor(old);
    if (priceOldB2c === null && old !== 'none' && old !== undefined) return { error: '--old-price needs a price or "none"' };
    return {
      run: async ({ db, config }) => {
        const shop = db.select({ id: shops.id }).from(shops).where(eq(shops.code, code)).get();
        if (!shop) throw new Error(`shop ${code} is missing from ${config.dbFile}`);
        const clock = { now: () => new Date() };
        const result = await setProductPrice(db, clock, createMailer(config.mail), { productId, shopId: shop.id, priceB2c: price, priceOldB2c }, {
          origins: config.origins,
          logger: createLogger('error'),
        });
        return `product ${productId}: B2C price in ${code} is now ${price} (minor units); watches fired ${result.fired}, e-mails sent ${result.sent}`;
      },
    };
  }
  if (positionals[0] === 'set-stock') {
    const quantity = parseCount(values.quantity ?? '');
    if (quantity === null) return { error: '--quantity needs a whole number, 0 or more' };
    return {
      run: async ({ db, config }) => {
        const clock = { now: () => new Date() };
        const result = await setProductStock(db, clock, createMailer(config.mail), { productId, quantity }, {
          origins: config.origins,
          logger: createLogger('error'),
        });
        return `product ${productId}: stock is now ${quantity}; watches fired ${result.fired}, e-mails sent ${result.sent}`;
      },
    };
  }
  return { error: `unknown command ${positionals[0]}` };
}

async function main(): Promise<number> {
  const args = parse(process.argv.slice(2));
  if ('help' in args) {
    console.log(USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  // The server created and migrated this file; the command only writes rows into it.
  const db = openDb(config.dbFile);
  try {
    console.log(await args.run({ db, config }));
    return 0;
  } catch (error) {
    if (error instanceof ProblemError) {
      console.error(error.status === 404 ? `product not found in ${config.dbFile}` : error.detail);
      return 1;
    }
    throw error;
  } finally {
    db.$client.close();
  }
}

process.exitCode = await main();

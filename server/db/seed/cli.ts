import { loadConfig } from '../../config';
import { migrateDb, openDb } from '../client';
import { MAX_SEED_PRODUCTS, seedDemo } from './demo';
import { parseArgs, resetCatalogue } from './reset';

const USAGE = `Usage: npm run seed -- [--products N]

Replaces the catalogue, guides and static pages of DB_FILE with a deterministic demo shop.
  --products N   product rows to create, variants included (0 to ${MAX_SEED_PRODUCTS.toLocaleString('en')}; default SEED_PRODUCTS or 2000)`;

function main(): number {
  const config = loadConfig();
  const args = parseArgs(process.argv.slice(2), config.seedProducts);
  if ('help' in args) {
    console.log(USAGE);
    return 0;
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  const db = openDb(config.dbFile);
  try {
    migrateDb(db, config.root);
    const extra = resetCatalogue(db);
    if (extra.length > 0) console.log(`Also emptied rows that pointed at the old catalogue: ${extra.join(', ')}`);
    // Hand the freed pages back first: the bulk load into a compact file is measurably faster.
    db.$client.exec('VACUUM');
    const resetAt = performance.now();
    const counts = seedDemo(db, { products: args.products });
    const done = performance.now();
    console.log(
      `Seeded ${config.dbFile}: ${counts.products} products, ${counts.categories} categories, ${counts.guides} guides ` +
        `in ${Math.round(done - started)} ms (reset ${Math.round(resetAt - started)} ms, seed ${Math.round(done - resetAt)} ms)`,
    );
    return 0;
  } finally {
    db.$client.close();
  }
}

process.exitCode = main();

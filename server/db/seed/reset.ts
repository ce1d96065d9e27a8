import type Database from 'better-sqlite3';
import type { Db } from '../client';
import { withCatalogVersionDeferred, withSearchIndexSuspended } from './bulk-load';
import { MAX_SEED_PRODUCTS } from './demo';

/** Parses `--products N` / `--products=N`; returns an error message for anything else. */
export function parseArgs(argv: string[], fallback: number): { products: number } | { error: string } | { help: true } {
  let raw: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--products') {
      raw = argv[++i];
      if (raw === undefined) return { error: '--products needs a number, e.g. --products 2000' };
    } else if (arg.startsWith('--products=')) {
      raw = arg.slice('--products='.length);
    } else {
      return { error: `Unknown argument: ${arg}` };
    }
  }
  if (raw === undefined) return { products: fallback };
  const clean = raw.replace(/_/g, '');
  const n = Number(clean);
  if (!/^\d+$/.test(clean) || !Number.isSafeInteger(n) || n > MAX_SEED_PRODUCTS) {
    return { error: `--products must be a whole number from 0 to ${MAX_SEED_PRODUCTS}, got "${raw}"` };
  }
  return { products: n };
}

/** What the demo replaces; carts go too, since their items point at products. */
const CATALOGUE_TABLES = [
  'carts',
  'products',
  'product_prices',
  'price_history',
  'product_images',
  'product_attribute_values',
  'product_texts',
  'categories',
  'category_texts',
  'category_attributes',
  'attributes',
  'attribute_options',
  'blog_posts',
  'static_posts',
];

/**
 * The catalogue tables plus every table whose rows point at them (reviews, watchdogs, videos, …,
 * found through the foreign keys, so a new table never breaks the reset), ordered so that rows
 * are deleted before the rows they point at. Sellers and sessions stay: they may belong to people.
 */
export function resetPlan(sqlite: Database.Database): string[] {
  const tables = sqlite
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'`)
    .pluck()
    .all() as string[];
  const refs = new Map<string, Set<string>>();
  for (const t of tables) {
    const list = sqlite.pragma(`foreign_key_list("${t.replace(/"/g, '""')}")`) as { table: string }[];
    refs.set(t, new Set(list.map((r) => r.table).filter((parent) => parent !== t)));
  }
  const doomed = new Set(CATALOGUE_TABLES.filter((t) => refs.has(t)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of tables) {
      if (!doomed.has(t) && [...refs.get(t)!].some((parent) => doomed.has(parent))) {
        doomed.add(t);
        grew = true;
      }
    }
  }
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    for (const child of doomed) if (refs.get(child)!.has(t)) visit(child);
    ordered.push(t);
  };
  for (const t of doomed) visit(t);
  return ordered;
}

/**
 * Empties the catalogue in one transaction; returns the tables beyond it that lost rows.
 * Foreign keys are off while it runs so SQLite can truncate each table whole instead of checking
 * every deleted row against its children (seconds at 100,000 products); the plan already deletes
 * every dependent table, and foreign_key_check proves it before the commit.
 */
export function resetCatalogue(db: Db): string[] {
  const sqlite = db.$client;
  const extra: string[] = [];
  const foreignKeys = sqlite.pragma('foreign_keys', { simple: true }) as number;
  sqlite.pragma('foreign_keys = OFF');
  try {
    sqlite
      .transaction(() =>
        withCatalogVersionDeferred(sqlite, () => withSearchIndexSuspended(sqlite, 'products', () => withSearchIndexSuspended(sqlite, 'product_texts', () => {
          for (const table of resetPlan(sqlite)) {
            const { changes } = sqlite.prepare(`DELETE FROM "${table}"`).run();
            if (changes > 0 && !CATALOGUE_TABLES.includes(table)) extra.push(`${table} (${changes})`);
          }
          const dangling = sqlite.pragma('foreign_key_check') as { table: string; parent: string }[];
          if (dangling.length > 0) {
            const { table, parent } = dangling[0];
            throw new Error(`Reset would leave ${dangling.length} rows of ${table} pointing at missing ${parent} rows; nothing was deleted.`);
          }
        }))),
      )
      .immediate();
  } finally {
    sqlite.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
  return extra;
}

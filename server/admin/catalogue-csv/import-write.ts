import type { Db } from '../../db/client';
import type { ShopContext } from '../../http/env';
import { claimDueWatches, type FiredWatch } from '../../watchdog/watchdog.service';
import { audited } from '../audit';
import { PRICE_FIELDS, priceColumn, PRODUCT_COLUMNS } from './columns';
import type { Staged } from './import-check';
import { finish, type ImportJob } from './import-job';
import { statements } from './import-statements';
import type { ImportEnv } from './products-import';

/** A real run's write: every staged row applied in one transaction with the audit row and the job's end. */
interface ProductFields {
  code: string;
  name: string;
  slug: string;
  description: string;
  categoryId: number;
  sellerId: number | null;
  visible: number;
  stock: number;
  availabilityDays: number;
  cartLimit: number | null;
}

const FIELD_OF: Record<(typeof PRODUCT_COLUMNS)[number], keyof ProductFields | null> = {
  id: null,
  code: 'code',
  name: 'name',
  slug: 'slug',
  description: 'description',
  category: null,
  seller_id: 'sellerId',
  visible: 'visible',
  stock: 'stock',
  availability_days: 'availabilityDays',
  cart_limit: 'cartLimit',
};

interface PriceRow {
  b2c: number;
  oldB2c: number | null;
  b2b: number;
  oldB2b: number | null;
  vat: number;
}

/** The one transaction of a real run: every staged row, the audit row and the job's end, or none of them. */
export function writeStaged(env: ImportEnv, job: ImportJob, rows: number): FiredWatch[] {
  const { db, clock, shops } = env;
  const s = statements(db);
  const now = clock.now();
  const fired: FiredWatch[] = [];
  return audited(db, env.actor, now, () => {
    let created = 0;
    let updated = 0;
    let after = 0;
    for (;;) {
      const page = s.staged.all(job.id, after) as { row: number; data: string }[];
      if (!page.length) break;
      after = page[page.length - 1].row;
      for (const { data } of page) {
        const staged = JSON.parse(data) as Staged;
        const result = applyRow(db, staged, shops, now.getTime());
        if (result === 'created') created++;
        else if (result !== 'same') {
          updated++;
          if (result === 'watched') fired.push(...claimDueWatches(db, clock, staged.productId!));
        }
      }
    }
    s.unstage.run(job.id);
    finish(db, job.id, 'done', { rows, created, updated }, now);
    return {
      value: fired,
      // A file that changed nothing (a round trip) leaves no audit row, as every step that changes nothing.
      audit: created + updated === 0 ? null : { section: 'catalogue', action: 'products.import', subject: job.fileName, after: { rows, created, updated, unchanged: rows - created - updated } },
    };
  });
}

/** 'same': nothing differs; 'changed': a product field; 'watched': a price or the stock (watches may fire). */
function applyRow(db: Db, staged: Staged, shops: ShopContext[], now: number): 'created' | 'changed' | 'watched' | 'same' {
  const s = statements(db);
  const v = staged.values;
  let productId = staged.productId;
  let result: 'created' | 'changed' | 'watched' | 'same' = 'same';
  if (productId === null) {
    const fields: ProductFields = {
      code: v.code!,
      name: v.name!,
      slug: v.slug!,
      description: v.description ?? '',
      categoryId: staged.categoryId!,
      sellerId: v.seller_id ?? null,
      visible: v.visible ?? 2,
      stock: v.stock ?? 0,
      availabilityDays: v.availability_days ?? 0,
      cartLimit: v.cart_limit ?? null,
    };
    productId = Number(s.insert.run({ ...fields, now }).lastInsertRowid);
    result = 'created';
  } else {
    const current = s.current.get(productId) as ProductFields & { id: number };
    const next: ProductFields & { id: number } = { ...current };
    for (const column of PRODUCT_COLUMNS) {
      const field = FIELD_OF[column];
      if (field && v[column] !== undefined) (next as unknown as Record<string, unknown>)[field] = v[column];
    }
    if (staged.categoryId !== undefined) next.categoryId = staged.categoryId;
    const differs = (Object.keys(current) as (keyof ProductFields)[]).some((k) => current[k] !== next[k]);
    if (differs) {
      s.update.run({ ...next, now });
      result = current.stock !== next.stock ? 'watched' : 'changed';
    }
  }
  for (const shop of shops) {
    const cell = (field: (typeof PRICE_FIELDS)[number]) => v[priceColumn(field, shop.code)] as number | null | undefined;
    const current = s.price.get(productId, shop.id) as PriceRow | undefined;
    const b2c = cell('price_b2c') ?? current?.b2c;
    if (b2c === undefined) continue;
    const keep = <K extends keyof PriceRow>(field: (typeof PRICE_FIELDS)[number], key: K, fallback: PriceRow[K]): PriceRow[K] => {
      const value = cell(field);
      if (value === undefined || (value === null && (key === 'b2b' || key === 'vat'))) return current ? current[key] : fallback;
      return value as PriceRow[K];
    };
    const next: PriceRow = {
      b2c,
      oldB2c: keep('price_old_b2c', 'oldB2c', null),
      b2b: keep('price_b2b', 'b2b', b2c),
      oldB2b: keep('price_old_b2b', 'oldB2b', null),
      vat: keep('vat', 'vat', shop.vatRate),
    };
    if (current && (Object.keys(next) as (keyof PriceRow)[]).every((k) => next[k] === current[k])) continue;
    s.upsertPrice.run({ productId, shopId: shop.id, ...next });
    if (result !== 'created') {
      result = 'watched';
      // The product's own row records when it last changed (as product-write.service does).
      s.touch.run(now, productId);
    }
  }
  return result;
}


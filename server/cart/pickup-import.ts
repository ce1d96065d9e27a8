import { z } from 'zod';
import type { Db } from '../db/client';
import { COMPANY } from './pricing';

/**
 * Imports Packeta's published branch export (the JSON of `/api/v4/{key}/branch.json`: an object
 * `{ data: { "<id>": branch } }`, or the same branches as an array). Each branch carries id, name
 * (the locality label), place (the shop that hosts it), street, city, zip, country and status.
 * The file is fetched by the operator (cron, CI) and handed to this function; nothing here goes
 * to the network. Upsert by (carrier, branch id); branches missing from a full feed are deactivated,
 * never deleted, so a cart or an order that points at one keeps its address.
 */
const text = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

const branchSchema = z.object({
  id: text.pipe(z.string().regex(/^\d{1,12}$/)),
  name: text.pipe(z.string().min(1).max(200)),
  place: text.pipe(z.string().max(200)).optional().default(''),
  street: text.pipe(z.string().min(1).max(200)),
  city: text.pipe(z.string().min(1).max(100)),
  zip: text.pipe(z.string().min(3).max(12)),
  country: text.pipe(z.string().regex(/^[a-zA-Z]{2}$/)).transform((c) => c.toLowerCase()),
  /** "1" = in operation; other states (temporarily closed, …) are imported as inactive. */
  status: z.object({ statusId: text }).optional(),
  displayFrontend: text.optional(),
});

export interface ImportResult {
  imported: number;
  skipped: number;
  deactivated: number;
}

/** Czech and Slovak zips are five digits, written "811 01". */
function formatZip(zip: string, country: string): string {
  const digits = zip.replace(/\s+/g, '');
  return (country === 'sk' || country === 'cz') && /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : zip;
}

export function branchesOf(feed: unknown): unknown[] {
  if (Array.isArray(feed)) return feed;
  if (feed && typeof feed === 'object') {
    const data = (feed as { data?: unknown; branches?: unknown }).data ?? (feed as { branches?: unknown }).branches;
    if (Array.isArray(data)) return data;
    if (data && typeof data === 'object') return Object.values(data);
  }
  throw new Error('Packeta feed: expected { data: { id: branch } } or an array of branches');
}

export function importPacketaBranches(
  db: Db,
  feed: unknown,
  options: { countries?: string[]; full?: boolean; companyId?: number } = {},
): ImportResult {
  const companyId = options.companyId ?? COMPANY.packeta;
  const countries = options.countries ?? ['sk', 'cz'];
  const branches = branchesOf(feed);
  const sqlite = db.$client;
  const upsert = sqlite.prepare(
    `INSERT INTO pickup_points (company_id, external_id, name, location, street, zip, city, country, active)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_id, external_id) DO UPDATE SET name = excluded.name, location = excluded.location,
       street = excluded.street, zip = excluded.zip, city = excluded.city, country = excluded.country, active = excluded.active`,
  );
  return sqlite
    .transaction((): ImportResult => {
      const seen: string[] = [];
      let skipped = 0;
      for (const raw of branches) {
        const parsed = branchSchema.safeParse(raw);
        if (!parsed.success || !countries.includes(parsed.data.country)) {
          skipped += 1;
          continue;
        }
        const b = parsed.data;
        const active = (b.status?.statusId ?? '1') === '1' && (b.displayFrontend ?? '1') === '1';
        // The hosting shop is what a shopper recognises; Packeta's name is the locality label.
        upsert.run(companyId, b.id, b.place || b.name, b.place ? b.name : '', b.street, formatZip(b.zip, b.country), b.city, b.country, active ? 1 : 0);
        seen.push(b.id);
      }
      let deactivated = 0;
      if (options.full) {
        sqlite.exec('CREATE TEMP TABLE IF NOT EXISTS pickup_seen (id TEXT PRIMARY KEY)');
        sqlite.exec('DELETE FROM pickup_seen');
        const mark = sqlite.prepare('INSERT OR IGNORE INTO pickup_seen (id) VALUES (?)');
        for (const id of seen) mark.run(id);
        const placeholders = countries.map(() => '?').join(',');
        deactivated = sqlite
          .prepare(
            `UPDATE pickup_points SET active = 0 WHERE company_id = ? AND active = 1 AND country IN (${placeholders})
               AND external_id NOT IN (SELECT id FROM pickup_seen)`,
          )
          .run(companyId, ...countries).changes;
        sqlite.exec('DELETE FROM pickup_seen');
      }
      return { imported: seen.length, skipped, deactivated };
    })
    .immediate();
}

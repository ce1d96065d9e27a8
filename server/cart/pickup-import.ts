import { z } from 'zod';
import type { Db } from '../db/client';
import { COMPANY } from './pricing';

/**
 * Imports Packeta's published branch export (the JSON of `/api/v4/{key}/branch.json`: an object
 * `{ data: { "<id>": branch } }`, or the same branches as an array). Each branch carries id, name
 * (the locality label), place (the shop that hosts it), street, city, zip, country, status and
 * latitude/longitude (WGS 84 degrees, strings in Packeta's export; the pickup dialog's map).
 * The file is fetched by the operator (cron, CI) and handed to this function; nothing here goes
 * to the network. Upsert by (carrier, branch id); branches missing from a full feed are deactivated,
 * never deleted, so a cart or an order that points at one keeps its address.
 */
const text = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/** A coordinate as feeds write it ("48.1486", 48.1486, "48,1486"); anything else is no coordinate, not a skipped branch. */
const degrees = (limit: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => {
      const n = typeof v === 'number' ? v : v === undefined || v.trim() === '' ? NaN : Number(v.trim().replace(',', '.'));
      return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
    });

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
  latitude: degrees(90),
  longitude: degrees(180),
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
    `INSERT INTO pickup_points (company_id, external_id, name, location, street, zip, city, country, active, latitude, longitude)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_id, external_id) DO UPDATE SET name = excluded.name, location = excluded.location,
       street = excluded.street, zip = excluded.zip, city = excluded.city, country = excluded.country, active = excluded.active,
       latitude = excluded.latitude, longitude = excluded.longitude
     -- An unchanged branch is not written: the daily feed would otherwise raise the catalogue version
     -- (and empty every cache keyed on it) for nothing.
     WHERE name IS NOT excluded.name OR location IS NOT excluded.location OR street IS NOT excluded.street OR zip IS NOT excluded.zip
       OR city IS NOT excluded.city OR country IS NOT excluded.country OR active IS NOT excluded.active
       OR latitude IS NOT excluded.latitude OR longitude IS NOT excluded.longitude`,
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
        // Half a position is no position: the map shows a point only with both.
        const [lat, lng] = b.latitude !== null && b.longitude !== null ? [b.latitude, b.longitude] : [null, null];
        upsert.run(companyId, b.id, b.place || b.name, b.place ? b.name : '', b.street, formatZip(b.zip, b.country), b.city, b.country, active ? 1 : 0, lat, lng);
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

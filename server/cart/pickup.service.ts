import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { searchWords } from '../search/search-words';
import { COMPANY } from './pricing';

/** Spec 3, "Pickup-point selection": id, name, location, address. */
export interface PickupPointView {
  id: number;
  company_id: number;
  name: string;
  location: string;
  address: string;
  street: string;
  zip: string;
  city: string;
  country: string;
}

/** A point's row as this file and the back office read it. */
export interface PickupPointRow {
  id: number;
  companyId: number;
  name: string;
  location: string;
  street: string;
  zip: string;
  city: string;
  country: string;
}

const COLUMNS = 'id, company_id AS companyId, name, location, street, zip, city, country';

function view(row: PickupPointRow): PickupPointView {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    location: row.location,
    address: `${row.street}, ${row.zip} ${row.city}`,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country,
  };
}

export function findPickupPoint(db: Db, id: number): PickupPointView | null {
  const row = db.$client.prepare(`SELECT ${COLUMNS} FROM pickup_points WHERE id = ? AND active = 1`).get(id) as PickupPointRow | undefined;
  return row ? view(row) : null;
}

/** LIKE wildcards in the shopper's text are literal characters, not patterns. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * What a typed text looks for among pickup points: FTS5 words of the name, place, street, town or
 * zip (null: none it could match), and, for up to five digits, a zip's beginning with its space left
 * out ("81101"), as a LIKE pattern for `replace(zip, ' ', '') LIKE ? ESCAPE '\\'` (null otherwise).
 * The cart's search and the back office's list read a text the same way.
 */
export function pickupQuery(q: string): { match: string | null; zip: string | null } {
  const digits = q.replace(/\s+/g, '');
  return { match: q ? searchWords(q) : null, zip: /^\d{1,5}$/.test(digits) ? likePrefix(digits) : null };
}

/** A search result: the point and, when its feed gave one, where it is (WGS 84) for the dialog's map. */
export interface PickupPlace extends PickupPointView {
  latitude: number | null;
  longitude: number | null;
}

export interface PickupSearch {
  companyId: number;
  /** The delivery country (sk, cz): a point lies in one. */
  country: string;
  /** Words of the name, place, street, town or zip, any case, with or without accents; '' = all. */
  q: string;
  /** Nearest first to this position (the map's centre, the shopper's location); null = by town and name. */
  near?: { lat: number; lng: number } | null;
  limit?: number;
}

const SEARCH_SQL = `SELECT ${COLUMNS}, latitude, longitude FROM pickup_points
  WHERE company_id = @company AND country = @country AND active = 1
    AND (@all = 1
      OR (@match IS NOT NULL AND id IN (SELECT rowid FROM pickup_points_search WHERE pickup_points_search MATCH @match))
      OR (@zip IS NOT NULL AND replace(zip, ' ', '') LIKE @zip ESCAPE '\\'))
  ORDER BY CASE WHEN @lat IS NULL THEN 0 WHEN latitude IS NULL THEN 1e9
      ELSE (latitude - @lat) * (latitude - @lat) + (longitude - @lng) * (longitude - @lng) * @k END,
    city, name, id
  LIMIT @limit`;
const searchStatement = perDatabase((db: Db) => db.$client.prepare(SEARCH_SQL));

/**
 * Active points of one carrier in the delivery country (Packeta, SPS, or post offices of carrier 9)
 * whose name, place, street, town or zip has words beginning with each word typed, in any case and
 * with or without accents ("kosice hlav" finds Košice, Hlavná 1), through the FTS index kept by
 * triggers (migration "pickup_point_coordinates"); digits are also a zip's beginning with its space
 * left out ("81101"). An empty text lists them all. At most `limit` rows, by town and name, or
 * nearest first to `near`. The step-2 page, the wizard and the dialog all search through this.
 */
export function searchPickupPoints(db: Db, search: PickupSearch): PickupPlace[] {
  const q = search.q.trim();
  const { match, zip } = pickupQuery(q);
  if (q && match === null && zip === null) return [];
  const near = search.near ?? null;
  const rows = searchStatement(db).all({
    company: search.companyId,
    country: search.country,
    all: q ? 0 : 1,
    match,
    zip,
    lat: near?.lat ?? null,
    lng: near?.lng ?? null,
    // A degree of longitude is cos(latitude) of a degree of latitude: squared, for the distance order.
    k: near ? Math.cos((near.lat * Math.PI) / 180) ** 2 : 1,
    limit: search.limit ?? 30,
  }) as (PickupPointRow & { latitude: number | null; longitude: number | null })[];
  return rows.map((row) => ({ ...view(row), latitude: row.latitude, longitude: row.longitude }));
}

/** The carriers with pickup points (spec 3), by the names the CLI takes: Packeta, SPS, post offices. */
export const PICKUP_CARRIERS = { packeta: COMPANY.packeta, sps: COMPANY.sps, 'post-office': COMPANY.postOffice } as const;

export interface PickupPointCount {
  companyId: number;
  country: string;
  active: number;
  inactive: number;
}

/** Active and inactive points per carrier and country: the CLI's `list` and the back office's summary. */
export function pickupPointCounts(db: Db): PickupPointCount[] {
  return db.$client
    .prepare<[], PickupPointCount>(
      'SELECT company_id AS companyId, country, SUM(active = 1) AS active, SUM(active = 0) AS inactive FROM pickup_points GROUP BY company_id, country ORDER BY company_id, country',
    )
    .all();
}

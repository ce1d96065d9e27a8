import type { Db } from '../db/client';

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

interface Row {
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

function view(row: Row): PickupPointView {
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
  const row = db.$client.prepare(`SELECT ${COLUMNS} FROM pickup_points WHERE id = ? AND active = 1`).get(id) as Row | undefined;
  return row ? view(row) : null;
}

/** LIKE wildcards in the shopper's text are literal characters, not patterns. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Active points of one carrier in the delivery country whose town, zip (spaces ignored) or name
 * starts with the text; an empty text lists the first points alphabetically. At most `limit` rows.
 */
export function searchPickupPoints(db: Db, companyId: number, country: string, text: string, limit = 30): PickupPointView[] {
  const q = text.trim();
  const zip = q.replace(/\s+/g, '');
  const rows = db.$client
    .prepare(
      `SELECT ${COLUMNS} FROM pickup_points
        WHERE company_id = ? AND country = ? AND active = 1
          AND (? = '' OR city LIKE ? ESCAPE '\\' OR replace(zip, ' ', '') LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\')
        ORDER BY city, name, id LIMIT ?`,
    )
    .all(companyId, country, q, likePrefix(q), likePrefix(zip), likePrefix(q), limit) as Row[];
  return rows.map(view);
}

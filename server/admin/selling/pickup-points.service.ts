import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { pickupPointCounts, pickupQuery, type PickupPointRow } from '../../cart/pickup.service';
import { shippingCompanyList } from './shipping.service';
import { audited, type Actor } from '../audit';
import { pagedQuery, whereOf, type Paged } from '../paged-query';

/**
 * Pickup points in the back office: how many each carrier has per country, a search through them,
 * and switching one off or on (a point the shop should not offer, a closed shop the carrier's list
 * still names). The importer (server/cart/pickup-cli.ts) fills the table; the cart offers only
 * active points (server/cart/pickup.service.ts), so a switch shows in the next search.
 */
export const PICKUP_POINTS_PAGE_SIZE = 50;

export interface PickupPointFilter {
  companyId: number | null;
  country: 'sk' | 'cz' | null;
  state: 'all' | 'active' | 'inactive';
  /** Words of the name, place, street, town or zip, or the carrier's own id of the point. */
  q: string;
}

export interface PickupPointListRow extends PickupPointRow {
  companyName: string;
  externalId: string;
  active: number;
}

const COLUMNS = `p.id, p.company_id AS companyId, c.name AS companyName, p.external_id AS externalId, p.name, p.location, p.street, p.zip, p.city, p.country, p.active`;
const FROM = 'pickup_points p JOIN shipping_companies c ON c.id = p.company_id';

export function pickupPointPage(db: Db, filter: PickupPointFilter, page: number): Paged<PickupPointListRow> {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (filter.companyId !== null) {
    parts.push('p.company_id = ?');
    params.push(filter.companyId);
  }
  if (filter.country) {
    parts.push('p.country = ?');
    params.push(filter.country);
  }
  if (filter.state !== 'all') parts.push(filter.state === 'active' ? 'p.active = 1' : 'p.active = 0');
  const q = filter.q.trim();
  if (q) {
    // Read as the cart's search reads it, or the carrier's own id of the point.
    const { match, zip } = pickupQuery(q);
    parts.push(`(p.external_id = ? OR p.id IN (SELECT rowid FROM pickup_points_search WHERE pickup_points_search MATCH ?)${zip ? ` OR replace(p.zip, ' ', '') LIKE ? ESCAPE '\\'` : ''})`);
    params.push(q, match ?? '""', ...(zip ? [zip] : []));
  }
  return pagedQuery<PickupPointListRow>(db, { columns: COLUMNS, from: FROM, where: whereOf(parts), order: 'p.country, p.city, p.name, p.id' }, params, page, PICKUP_POINTS_PAGE_SIZE);
}

export interface PickupPointSummary {
  companyId: number;
  companyName: string;
  country: string;
  active: number;
  inactive: number;
}

/** The carriers' names by id. */
export const carrierNames = (db: Db): Map<number, string> => new Map(shippingCompanyList(db).map((r) => [r.id, r.name]));

/** Active and inactive points per carrier and country, with the carrier's name. */
export function pickupPointSummary(db: Db, names = carrierNames(db)): PickupPointSummary[] {
  return pickupPointCounts(db).map((r) => ({ ...r, companyName: names.get(r.companyId) ?? String(r.companyId) }));
}

const sql = perDatabase((db: Db) => ({
  one: db.$client.prepare<[number], { active: number; name: string; externalId: string }>(
    'SELECT active, name, external_id AS externalId FROM pickup_points WHERE id = ?',
  ),
  set: db.$client.prepare<[number, number]>('UPDATE pickup_points SET active = ? WHERE id = ?'),
}));

/**
 * Switches a point on or off, with its audit row; answers 'missing' for an unknown id and 'same'
 * when it already was so (nothing written, nothing audited).
 */
export function setPickupPointActive(db: Db, actor: Actor, id: number, active: boolean, now: Date): 'changed' | 'same' | 'missing' {
  return audited(db, actor, now, () => {
    const point = sql(db).one.get(id);
    if (!point) return { value: 'missing' as const, audit: null };
    if (Boolean(point.active) === active) return { value: 'same' as const, audit: null };
    sql(db).set.run(active ? 1 : 0, id);
    return {
      value: 'changed' as const,
      audit: { section: 'selling', action: active ? 'selling.pickup-point.activate' : 'selling.pickup-point.deactivate', subject: String(id), before: { active: Boolean(point.active) }, after: { active, name: point.name, externalId: point.externalId } },
    };
  });
}

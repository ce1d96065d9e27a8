import type { Db } from '../../db/client';
import { prefixEnd, searchWords } from '../../search/search-words';
import { perDatabase } from '../../db/prepared';
import { dayConditions, pagedQuery, whereOf, type Paged } from '../paged-query';
import { PAGE_SIZE, type OrderFilter } from './order-list.schemas';
import { stageCondition } from './order-stage';

/**
 * The back office's order list: the filter becomes a WHERE clause of fixed pieces with bound values
 * (never text from the query), newest first, paged on the server. The indexes of migration 0014
 * (stage, shop or nothing, then the date) serve the filter and the order; the figure is in
 * tests/bench/admin-orders.bench.ts.
 */
export interface OrderListRow {
  id: number;
  number: string;
  shopId: number;
  createdAt: number;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  contact: string;
  total: number;
  currency: string;
  stage: number;
  paymentName: string;
  shippingName: string;
}

export const LIST_COLUMNS = `o.id, o.document_number AS number, o.shop_id AS shopId, o.created_at AS createdAt, o.first_name AS firstName,
  o.last_name AS lastName, o.company_name AS companyName, o.email, o.contact, o.total, o.currency, o.stage,
  o.payment_name AS paymentName, o.shipping_name AS shippingName`;

/**
 * What the search field finds, each through an index: digits are an order number's beginning or,
 * from nine digits on, a phone number (its last nine digits, as the tracker compares them); text with
 * @ is the beginning of an e-mail in any case; other text is words of a name, company or e-mail in
 * orders_search (FTS5 kept by triggers, migration "orders_search"; docs/decisions/246).
 */
function textCondition(q: string, dense: boolean): { sql: string; params: string[] } {
  const digits = q.replace(/[\s+/()-]/g, '');
  if (/^\d{3,}$/.test(digits)) {
    const number = '(o.document_number >= ? AND o.document_number < ?)';
    if (digits.length < 9) return { sql: number, params: [digits, prefixEnd(digits)] };
    return { sql: `(${number} OR o.phone_tail = ?)`, params: [digits, prefixEnd(digits), digits.slice(-9)] };
  }
  if (q.includes('@')) return { sql: '(lower(o.email) >= ? AND lower(o.email) < ?)', params: [q.toLowerCase(), prefixEnd(q.toLowerCase())] };
  const words = searchWords(q);
  if (words === null) return { sql: '0', params: [] };
  // Few matches: each order looked up by its id. Many (a common first name): walk the date index
  // newest first and keep the matches ("+" keeps SQLite from looking up thousands of rows by id and
  // sorting them), which stops after a page of them.
  return { sql: `${dense ? '+' : ''}o.id IN (SELECT rowid FROM orders_search WHERE orders_search MATCH ?)`, params: [words] };
}

/** Above this many matches the name search walks the date index instead of looking orders up one by one. */
const DENSE_MATCHES = 1000;
const matchCount = perDatabase((db: Db) => db.$client.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM orders_search WHERE orders_search MATCH ?'));

/** How many orders a name search matches (an FTS count, under a millisecond at 100k orders); null when the text is no name search. */
function nameMatches(db: Db, q: string): number | null {
  const words = q && !q.includes('@') && !/^\d{3,}$/.test(q.replace(/[\s+/()-]/g, '')) ? searchWords(q) : null;
  return words === null ? null : matchCount(db).get(words)!.n;
}

/** The WHERE clause of a filter and its values, in the order they bind. */
export function orderWhere(filter: OrderFilter, shopIds: Record<string, number>, dense = false): { where: string; params: (string | number)[] } {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (filter.stav) {
    const condition = stageCondition(filter.stav);
    parts.push(condition.sql);
    params.push(...condition.params);
  }
  if (filter.obchod) {
    parts.push('o.shop_id = ?');
    params.push(shopIds[filter.obchod]);
  }
  const days = dayConditions('o.created_at', filter.od, filter.do);
  parts.push(...days.parts);
  params.push(...days.params);
  const q = filter.q;
  if (q) {
    const search = textCondition(q, dense);
    parts.push(search.sql);
    params.push(...search.params);
  }
  return { where: whereOf(parts), params };
}

export type OrderPage = Paged<OrderListRow>;

export function orderPage(db: Db, filter: OrderFilter, shopIds: Record<string, number>): OrderPage {
  const matches = nameMatches(db, filter.q);
  const { where, params } = orderWhere(filter, shopIds, matches !== null && matches > DENSE_MATCHES);
  // A name alone: the index's own count is the list's.
  const alone = matches !== null && !filter.stav && !filter.obchod && !filter.od && !filter.do;
  return pagedQuery<OrderListRow>(db, { columns: LIST_COLUMNS, from: 'orders o', where, order: 'o.created_at DESC, o.id DESC' }, params, filter.strana, PAGE_SIZE, alone ? matches : undefined);
}

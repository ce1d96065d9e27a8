import type { Db } from '../../db/client';
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

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Where a query's text ends: the next string after every string it begins (prefix ranges use indexes). */
const prefixEnd = (text: string) => `${text}\uffff`;

/**
 * What the search field finds, each through an index where it can: digits are an order number's
 * beginning or, from nine digits on, a phone number (its last nine digits, as the tracker compares
 * them); text with @ is the beginning of an e-mail in any case; other text is part of a name or
 * company (a scan: a few tens of ms at 100k orders, tests/bench/admin-orders.bench.ts).
 */
function textCondition(q: string): { sql: string; params: string[] } {
  const digits = q.replace(/[\s+/()-]/g, '');
  if (/^\d{3,}$/.test(digits)) {
    const number = '(o.document_number >= ? AND o.document_number < ?)';
    if (digits.length < 9) return { sql: number, params: [digits, prefixEnd(digits)] };
    return { sql: `(${number} OR o.phone_tail = ?)`, params: [digits, prefixEnd(digits), digits.slice(-9)] };
  }
  if (q.includes('@')) return { sql: '(lower(o.email) >= ? AND lower(o.email) < ?)', params: [q.toLowerCase(), prefixEnd(q.toLowerCase())] };
  const like = likeText(q);
  return { sql: `(o.first_name || ' ' || o.last_name LIKE ? ESCAPE '\\' OR o.company_name LIKE ? ESCAPE '\\')`, params: [like, like] };
}

/** The WHERE clause of a filter and its values, in the order they bind. */
export function orderWhere(filter: OrderFilter, shopIds: Record<string, number>): { where: string; params: (string | number)[] } {
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
    const search = textCondition(q);
    parts.push(search.sql);
    params.push(...search.params);
  }
  return { where: whereOf(parts), params };
}

export type OrderPage = Paged<OrderListRow>;

export function orderPage(db: Db, filter: OrderFilter, shopIds: Record<string, number>): OrderPage {
  const { where, params } = orderWhere(filter, shopIds);
  return pagedQuery<OrderListRow>(db, { columns: LIST_COLUMNS, from: 'orders o', where, order: 'o.created_at DESC, o.id DESC' }, params, filter.strana, PAGE_SIZE);
}

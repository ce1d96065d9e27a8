import type Database from 'better-sqlite3';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { typedDay } from './shop-days';

/**
 * One page of a back-office list and the count of all its rows, from a WHERE clause built of fixed
 * pieces with bound values (never text from the request). A list has a handful of WHERE shapes:
 * each pair of statements is prepared once per database and shape.
 */
export interface Paged<T> {
  rows: T[];
  total: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  pages: number;
}

const shapes = perDatabase(() => new Map<string, { page: Database.Statement; count: Database.Statement }>());

export function pagedQuery<T>(
  db: Db,
  query: { columns: string; from: string; where: string; order: string },
  params: (string | number)[],
  asked: number,
  size: number,
  /** The count when the caller knows it more cheaply (an FTS count); else counted here. */
  known?: number,
): Paged<T> {
  const key = `${query.columns}\u0000${query.from}\u0000${query.where}\u0000${query.order}`;
  const cache = shapes(db);
  let made = cache.get(key);
  if (!made) {
    made = {
      page: db.$client.prepare(`SELECT ${query.columns} FROM ${query.from} ${query.where} ORDER BY ${query.order} LIMIT ? OFFSET ?`),
      count: db.$client.prepare(`SELECT COUNT(*) AS n FROM ${query.from} ${query.where}`),
    };
    cache.set(key, made);
  }
  const total = known ?? (made.count.get(params) as { n: number }).n;
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, asked), pages);
  return { rows: made.page.all([...params, size, (page - 1) * size]) as T[], total, page, pages };
}

/** `WHERE a AND b …`, or nothing. */
export const whereOf = (parts: string[]) => (parts.length ? `WHERE ${parts.join(' AND ')}` : '');

/** The conditions of a date filter (YYYY-MM-DD, either end optional, whole local days) on `column`. */
export function dayConditions(column: string, from: string, to: string): { parts: string[]; params: number[] } {
  const start = from ? typedDay(from) : null;
  const end = to ? typedDay(to) : null;
  const parts: string[] = [];
  const params: number[] = [];
  if (start) {
    parts.push(`${column} >= ?`);
    params.push(start.from);
  }
  if (end) {
    parts.push(`${column} < ?`);
    params.push(end.to);
  }
  return { parts, params };
}

import { hashSessionId } from '../../server/http/session';
import { parseHtml } from '../setup/html';
import type { TestShop } from '../setup/test-app';
import { heldSession } from '../setup/visitor';

export const SK = { host: '127.0.0.1:3000' };
export const CZ = { host: 'cz.localhost:3000' };

/** A GET as a browser sends it; redirects are not followed. */
export async function get(shop: TestShop, path: string, headers: Record<string, string> = {}) {
  const response = await shop.app.request(path, { headers: { ...SK, ...headers } });
  const html = await response.text();
  return { response, html, doc: parseHtml(html), status: response.status, location: response.headers.get('location') };
}

/** A session cookie and its CSRF token (tests/setup/visitor.ts heldSession); `cookie` adds others (locale…). */
export async function session(shop: TestShop, headers: Record<string, string> = {}) {
  const { sid, csrf } = await heldSession(shop.app, headers.host ?? SK.host, headers.cookie ?? '');
  return { sid, csrf, cookie: `sid=${sid}` };
}

export type Session = Awaited<ReturnType<typeof session>>;

/** POST to the API as JSON (or urlencoded form data when `form` is set). */
export async function post(shop: TestShop, s: Session, path: string, body: Record<string, unknown>, options: { form?: boolean; headers?: Record<string, string> } = {}) {
  const encoded = options.form
    ? new URLSearchParams(Object.entries(body).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, typeof v === 'string' ? v : JSON.stringify(v)]])))
    : JSON.stringify(body);
  const response = await shop.app.request(path, {
    method: 'POST',
    body: encoded,
    headers: {
      ...SK,
      cookie: s.cookie,
      'x-csrf-token': s.csrf,
      'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...options.headers,
    },
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { response, status: response.status, json, type: response.headers.get('content-type') ?? '' };
}

export function sql<T = Record<string, any>>(shop: TestShop, query: string, ...params: unknown[]): T[] {
  return shop.db.$client.prepare(query).all(...params) as T[];
}

/** Product ids of a category's subtree by the materialised path (an independent reading of "descendants"). */
export function subtreeProductIds(shop: TestShop, categoryId: number, shopId = 1): number[] {
  return sql<{ id: number }>(
    shop,
    `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN product_prices pp ON pp.product_id = p.id AND pp.shop_id = ?
      WHERE c.path LIKE (SELECT path FROM categories WHERE id = ?) || '%' AND c.visible = 1 AND p.parent_id IS NULL AND p.visible <> 0
      ORDER BY p.id`,
    shopId,
    categoryId,
  ).map((r) => r.id);
}

/** Ids of products having any of the options (attribute code, option keys). */
export function productsWithOptions(shop: TestShop, code: string, keys: string[]): Set<number> {
  const rows = sql<{ id: number }>(
    shop,
    `SELECT DISTINCT v.product_id AS id FROM product_attribute_values v JOIN attribute_options o ON o.id = v.option_id
       JOIN attributes a ON a.id = o.attribute_id WHERE a.code = ? AND o.key IN (SELECT value FROM json_each(?))`,
    code,
    JSON.stringify(keys),
  );
  return new Set(rows.map((r) => r.id));
}

/** A signed-in session (optionally wholesale): a user row and a session row behind a fresh cookie. */
export async function signedIn(shop: TestShop, roles: string[]): Promise<Session> {
  const s = await session(shop);
  const now = Date.now();
  const sqlite = shop.db.$client;
  const userId = sqlite
    .prepare('INSERT INTO users (email, roles, created_at) VALUES (?, ?, ?)')
    .run(`u${now}${Math.random().toString(36).slice(2)}@example.sk`, JSON.stringify(roles), now).lastInsertRowid as number;
  sqlite.prepare('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(hashSessionId(s.sid), userId, now, now + 86_400_000);
  return s;
}

/** A product category that offers at least two attributes with two options each. */
export function richCategory(shop: TestShop): { id: number; slug: string } {
  return sql<{ id: number; slug: string }>(
    shop,
    `SELECT c.id, c.slug FROM categories c WHERE c.type = 'product' AND c.parent_id IS NULL ORDER BY c.position LIMIT 1`,
  )[0];
}

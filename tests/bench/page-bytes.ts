import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

/**
 * Bytes on the wire per page type and shopper (the "every HTML page, for every shopper, is
 * compressed at least as well as gzip level 6 would"): each page asked once as a browser asks it
 * (Accept-Encoding: gzip, deflate, br), its body decoded, and the bytes sent compared with gzip -6
 * of the same HTML.
 */

export interface PageBytes {
  page: string;
  shopper: string;
  coding: string;
  html: number;
  sent: number;
  gzip6: number;
}

/** An answer as it came: status, headers, header lines as sent and the body's bytes. */
export interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The header lines as sent: names as spelled, in order, repeated ones apart. */
  rawHeaders: string[];
  bytes: Buffer;
}

export function ask(origin: string, path: string, headers: Record<string, string> = {}, init: { method?: string; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method: init.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, rawHeaders: res.rawHeaders, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

export function decoded(raw: Raw): Buffer {
  const coding = raw.headers['content-encoding'];
  return coding === 'gzip' ? gunzipSync(raw.bytes) : coding === 'br' ? brotliDecompressSync(raw.bytes) : raw.bytes;
}

/** A browser that added a product to its cart: the session cookie the shop gave it. */
export async function cartHolder(origin: string, productId: number): Promise<string> {
  const added = await ask(origin, '/api/cart/add', { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, { method: 'POST', body: JSON.stringify({ product_id: productId, quantity: 1 }) });
  const cookies = ([] as string[]).concat(added.headers['set-cookie'] ?? []);
  const sid = cookies.map((line) => line.split(';')[0]).find((pair) => pair.startsWith('sid='));
  if (!sid) throw new Error(`the cart add gave no session cookie (${added.status})`);
  return sid;
}

/** Every page of `pages` for every shopper of `shoppers` (name → cookie header), asked twice (a cache fills on the first). */
export async function pageBytes(origin: string, pages: Record<string, string>, shoppers: Record<string, string>): Promise<PageBytes[]> {
  const out: PageBytes[] = [];
  for (const [shopper, cookie] of Object.entries(shoppers)) {
    for (const [page, path] of Object.entries(pages)) {
      const headers = { 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) };
      await ask(origin, path, headers);
      const raw = await ask(origin, path, headers);
      if (raw.status !== 200) throw new Error(`${page} (${shopper}): ${raw.status}`);
      const html = decoded(raw);
      out.push({ page, shopper, coding: String(raw.headers['content-encoding'] ?? 'none'), html: html.length, sent: raw.bytes.length, gzip6: gzipSync(html, { level: 6 }).length });
    }
  }
  return out;
}

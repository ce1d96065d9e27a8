import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { menuOf } from '../setup/html';
import type { MenuNode } from './harness';
import { ROOT } from './server';
import { TOKEN_PAGE } from '../setup/visitor';
import { newSessionId } from '../../server/http/session';

/**
 * Helpers of the discovery journeys (issue 3): a small API client to read what the shop offers
 * (so journeys pick categories and filter options from the data, not from hard-coded ids), money
 * parsing, viewport checks, and the operator CLI with its mail outbox.
 */

/** The JSON API as an anonymous shopper: one session, its CSRF token for POSTs. */
export class ShopApi {
  private constructor(
    readonly url: string,
    private readonly cookie: string,
    private readonly csrf: string,
  ) {}

  static async open(url: string): Promise<ShopApi> {
    // A first visit gets no cookie until something is stored for it (decision 003); the client holds
    // an id as such a browser does, and the page rendered for that session carries its token.
    const held = `sid=${newSessionId()}`;
    const response = await fetch(`${url}${TOKEN_PAGE}`, { headers: { cookie: held } });
    const html = await response.text();
    const cookie = [held, ...response.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
    const defaults = /<script type="application\/json" id="shop-defaults"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    if (!defaults) throw new Error(`${TOKEN_PAGE} has no shop-defaults block`);
    const csrf = (JSON.parse(defaults[1]) as { csrf?: string }).csrf;
    if (!csrf) throw new Error('shop-defaults carries no CSRF token');
    return new ShopApi(url, cookie, csrf);
  }

  async get<T>(path: string): Promise<T> {
    const response = await fetch(`${this.url}${path}`, { headers: { cookie: this.cookie, accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { cookie: this.cookie, 'x-csrf-token': this.csrf, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }
}

interface ApiProduct {
  id: number;
  name: string;
  url: string;
  price: number;
}

interface FilterAnswer {
  attributes: Record<string, { label: string; options: Record<string, string> }>;
  order: string[];
  price: { options: [number, number] } | null;
}

/** What the browse journey does: this category, this option and this price range. */
export interface BrowsePlan {
  root: MenuCategory;
  category: MenuCategory;
  slug: string;
  /** Products in the category without a filter. */
  total: number;
  code: string;
  key: string;
  /** Products matching the option alone. */
  optionCount: number;
  /** Minor units, inclusive. */
  price: [number, number];
  /** As a shopper types them (decimal comma). */
  priceText: [string, string];
  /** The canonical filter segment the spec writes: `code:key;price:min-max` in major units. */
  segment: string;
  /** Products matching the option and the price range, counted here from their prices. */
  expected: number;
  /** Their ids. */
  matching: Set<number>;
}

/** Major units as the filter URL writes them: 5 → "5", 2590 → "25.9", 2599 → "25.99". */
export function urlMajor(minor: number): string {
  const cents = minor % 100;
  if (cents === 0) return String(minor / 100);
  return `${Math.floor(minor / 100)}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** Major units as a Slovak shopper types them: 2590 → "25,90", 500 → "5". */
export function typedMajor(minor: number): string {
  const cents = minor % 100;
  return cents === 0 ? String(minor / 100) : `${Math.floor(minor / 100)},${String(cents).padStart(2, '0')}`;
}

/** "1 234,50 €" → 123450 (minor units). */
export function parseMoney(text: string | null): number {
  const cleaned = (text ?? '').replace(/[^\d,]/g, '');
  const match = /^(\d+)(?:,(\d{1,2}))?$/.exec(cleaned);
  if (!match) throw new Error(`not a price: ${JSON.stringify(text)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

async function allMatching(api: ShopApi, categoryId: number, criteria: Record<string, unknown>): Promise<ApiProduct[]> {
  const items: ApiProduct[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await api.post<{ items: ApiProduct[]; total: number }>('/api/product', { category_id: categoryId, filter_criteria: criteria, _offset: offset, _limit: 100 });
    items.push(...page.items);
    if (items.length >= page.total || page.items.length === 0) return items;
  }
}

/**
 * Reads the menu and the API for a second-level category (a mega-menu panel link, a drawer
 * drill-down) and an option of its filter that, together with a price range cutting both ends,
 * still leaves more than one page: the journey then sees the count change, the filter apply and a
 * page 2. The largest candidates are tried first.
 */
/** A menu entry with its category's id, for the API calls a plan makes. */
export interface MenuCategory extends MenuNode {
  id: number;
  children: MenuCategory[];
}

interface CategoryJson {
  id: number;
  slug: string;
  children?: CategoryJson[];
}

/**
 * The home page's product menu as the phone drawer reads it (from the mega menu, decision 186), each
 * entry with its category id from `GET /api/category` (matched by address).
 */
export async function productMenu(api: ShopApi): Promise<MenuCategory[]> {
  const html = await fetch(`${api.url}/`).then((r) => r.text());
  const ids = new Map<string, number>();
  const walk = (nodes: CategoryJson[]) => {
    for (const node of nodes) {
      ids.set(`/${node.slug}`, node.id);
      walk(node.children ?? []);
    }
  };
  walk(await api.get<CategoryJson[]>('/api/category?type=product'));
  const withIds = (nodes: MenuNode[]): MenuCategory[] =>
    nodes.map((node) => {
      const id = ids.get(node.url);
      if (id === undefined) throw new Error(`the menu links ${node.url}, which GET /api/category does not list`);
      return { ...node, id, children: withIds(node.children) };
    });
  return withIds(menuOf(html).product);
}

export async function planBrowse(api: ShopApi, roots: MenuCategory[], pageSize = 12): Promise<BrowsePlan> {
  const candidates: { root: MenuCategory; category: MenuCategory; code: string; key: string; count: number }[] = [];
  for (const root of roots) {
    for (const category of root.children.filter((c) => c.children.length > 0)) {
      const filter = await api.post<FilterAnswer>('/api/product/filter', { category_id: category.id });
      if (!filter.price) continue;
      for (const code of filter.order) {
        for (const key of Object.keys(filter.attributes[code].options)) {
          const { count } = await api.post<{ count: number }>('/api/product/filter-count', { category_id: category.id, filter_criteria: { [code]: [key] } });
          if (count > pageSize + 1) candidates.push({ root, category, code, key, count });
        }
      }
    }
  }
  candidates.sort((a, b) => b.count - a.count);
  for (const c of candidates.slice(0, 10)) {
    const items = await allMatching(api, c.category.id, { [c.code]: [c.key] });
    const prices = items.map((i) => i.price).sort((a, b) => a - b);
    const n = prices.length;
    // A whole-euro floor above the cheapest tenth and an exact (cents) ceiling below the dearest sixth.
    const low = Math.floor(prices[Math.floor(n * 0.1)] / 100) * 100;
    const high = prices[Math.ceil(n * 0.85) - 1];
    const matching = items.filter((i) => i.price >= low && i.price <= high);
    if (matching.length <= pageSize || matching.length >= n || low <= 0) continue;
    const { total } = await api.post<{ total: number }>('/api/product', { category_id: c.category.id, _limit: 1 });
    return {
      root: c.root,
      category: c.category,
      slug: c.category.url.replace(/^\//, ''),
      total,
      code: c.code,
      key: c.key,
      optionCount: n,
      price: [low, high],
      priceText: [typedMajor(low), typedMajor(high)],
      segment: `${c.code}:${c.key};price:${urlMajor(low)}-${urlMajor(high)}`,
      expected: matching.length,
      matching: new Set(matching.map((i) => i.id)),
    };
  }
  throw new Error(`no second-level category has a filter option and a price range leaving more than ${pageSize} products: seed more products`);
}

/** The shopper has already accepted the cookie bar (it floats over the bottom of the page until then). */
export async function consentGiven(context: BrowserContext, url: string): Promise<void> {
  await context.addCookies([{ name: 'consent', value: '1', url, sameSite: 'Lax' }]);
}

/** Ids of the product cards in the list, in order. */
export async function cardIds(list: Locator): Promise<number[]> {
  const ids = await list.locator('.product-card[data-product-id]').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-product-id'))));
  return ids;
}

/** Prices (minor units) shown on the cards of a list. */
export async function cardPrices(list: Locator): Promise<number[]> {
  return (await list.locator('.product-card .product-card__price strong').allTextContents()).map(parseMoney);
}

/** Whether the element's box lies wholly inside the viewport. */
export async function inViewport(page: Page, target: Locator): Promise<{ inside: boolean; box: string }> {
  const box = await target.boundingBox();
  const size = page.viewportSize()!;
  if (!box) return { inside: false, box: 'no box (not rendered)' };
  const inside = box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width;
  return { inside, box: `x ${Math.round(box.x)}, y ${Math.round(box.y)}, ${Math.round(box.width)}×${Math.round(box.height)} in ${size.width}×${size.height}` };
}

/** The current path and query of the page. */
export const pathOf = (page: Page): string => {
  const u = new URL(page.url());
  return decodeURIComponent(u.pathname) + u.search;
};

/** Expects the list's count line and the paginator to agree with `count` products. */
export async function expectListCount(page: Page, count: number): Promise<void> {
  expect((await page.locator('.category-page__count').textContent())?.trim()).toBe(`Počet produktov: ${count}`);
}

const run = promisify(execFile);

/** `npx tsx server/catalog/cli.ts …` as an operator runs it, against the e2e server's DB file. */
export async function catalogCli(args: string[], env: { DB_FILE: string; MAIL_OUTBOX: string }): Promise<{ stdout: string; stderr: string }> {
  return run('npx', ['tsx', 'server/catalog/cli.ts', ...args], {
    cwd: ROOT,
    timeout: 60_000,
    env: { ...process.env, ...env, MAIL_URL: '', LOG_LEVEL: 'error', NODE_NO_WARNINGS: '1' },
  });
}

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * The .eml files of an outbox folder, headers read (encoded words decoded) and the plain text
 * decoded: the message's own body, or the text/plain part of a multipart message (text + HTML).
 */
export function readOutbox(dir: string): OutboxMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((file) => {
      const { header, body } = splitPart(readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n'));
      return { file, to: header('To'), subject: decodeWords(header('Subject')), text: plainText(header, body) };
    });
}

function splitPart(raw: string) {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return { header, body: raw.slice(split + 2) };
}

function plainText(header: (name: string) => string, body: string): string {
  const boundary = /multipart\/[\w-]+;.*boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      const part = splitPart(chunk.replace(/^\n/, ''));
      if (/^(text\/plain|multipart\/)/i.test(part.header('Content-Type'))) return plainText(part.header, part.body);
    }
    return '';
  }
  const encoding = header('Content-Transfer-Encoding');
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return /quoted-printable/i.test(encoding) ? decodeQuotedPrintable(body) : body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) of a header, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-Fa-f]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]));
  }
  return Buffer.from(bytes).toString('utf8');
}

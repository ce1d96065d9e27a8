import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openDb } from '../../server/db/client';
import { SELLABLE_SQL } from '../../server/catalog/sellable';
import { hashSessionId, newSessionId } from '../../server/http/session';
import { ensureSession } from '../../server/sessions/sessions.service';
import type { ShopMenu } from '../../widgets/mobile-menu/menu';
import { menuOf } from '../setup/html';
import { ROOT, startShop, type RunningShop, type StartOptions } from './server';

export { startShop, type RunningShop, type StartOptions } from './server';

/**
 * Journeys run the BUILT server (./server.ts), one child process per test file with its own temp
 * SQLite file, in Debian's Chromium driven by playwright-core (never a downloaded browser).
 */

const SCREENS_DIR = join(ROOT, 'tests/.tmp/screens');

/**
 * A screenshot for a person to look at (tests/.tmp/screens/{name}.png). The caret stays as it is:
 * Playwright hides it by writing style="caret-color…" on every input and leaves style="" behind, and
 * a widget that later re-inserts that markup (a product list's cards) breaks the CSP's style-src-attr.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), caret: 'initial', ...options });
}

export interface Viewport {
  name: 'phone' | 'desktop';
  width: number;
  height: number;
}

export const VIEWPORTS: Viewport[] = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--no-first-run'],
  });
}

export interface JourneyPage {
  context: BrowserContext;
  page: Page;
  /** Console errors/warnings, page errors and CSP violations seen so far. */
  problems: string[];
}

export interface JourneyOptions extends BrowserContextOptions {
  /** Console messages this journey expects (e.g. the 404 resource error on a 404 page). */
  allow?: RegExp[];
}

/**
 * Opens a fresh context at the viewport, records every console error or warning, uncaught page
 * error and `securitypolicyviolation`, runs the journey, and fails it on any it did not expect.
 */
export async function journey(
  browser: Browser,
  viewport: Viewport,
  options: JourneyOptions,
  run: (j: JourneyPage) => Promise<void>,
): Promise<void> {
  const { allow = [], ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, ...contextOptions });
  const problems: string[] = [];
  const note = (text: string) => {
    if (!allow.some((re) => re.test(text))) problems.push(text);
  };
  await context.exposeFunction('__reportCsp', (text: string) => note(`CSP violation: ${text}`));
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[]; __cls: number; __shifts: string[]; __themeAtBody?: string; __reportCsp(text: string): void };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      const text = `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`;
      w.__csp.push(text);
      void w.__reportCsp(text);
    });
    // Cumulative layout shift, to see whether widgets upgrading in place move anything.
    w.__cls = 0;
    // What moved, for a failing test's message: a shift that happens once in a while is otherwise
    // a bare number.
    w.__shifts = [];
    const describe = (node: Node | null) =>
      node instanceof Element ? `${node.localName}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}` : node ? node.nodeName : '(gone)';
    const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    try {
      new PerformanceObserver((list) => {
        type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
          if (entry.hadRecentInput) continue;
          w.__cls += entry.value;
          const moved = (entry.sources ?? []).map((s) => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`);
          w.__shifts.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ') || '(no sources)'}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    } catch {
      /* no layout-shift entries in this browser */
    }
    // The theme as the parser reaches <body>: before the first paint and before any module runs.
    const seen = new MutationObserver(() => {
      if (!document.body) return;
      w.__themeAtBody = document.documentElement.dataset.theme;
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  const watch = (page: Page) => {
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()}: ${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => note(`pageerror: ${e.stack ?? e.message}`));
  };
  context.on('page', watch);
  const page = await context.newPage();
  // Shorter than the test's timeout, so a missing element fails with its own message.
  context.setDefaultTimeout(15_000);
  try {
    await run({ context, page, problems });
  } catch (error) {
    // The browser's own complaints often explain the failure: keep them with it.
    if (problems.length && error instanceof Error) error.message += `\n\nthe browser also reported:\n${summarise(problems)}`;
    throw error;
  } finally {
    await context.close();
  }
  if (problems.length) throw new Error(`browser reported problems:\n${summarise(problems)}`);
}

/** One line per distinct problem (multi-line messages folded), with a count when repeated. */
function summarise(problems: string[]): string {
  const counts = new Map<string, number>();
  for (const p of problems) {
    const line = p.replace(/\s*\n\s*/g, ' ⏎ ').slice(0, 400);
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  return [...counts].map(([line, n]) => (n > 1 ? `${line} (×${n})` : line)).join('\n');
}

let axeSource: string | undefined;

/**
 * Serious and critical WCAG 2 A/AA violations axe-core finds on the page as it is, one line each with
 * up to three elements. axe is evaluated through the DevTools protocol, which the page's CSP does not
 * govern, so a journey keeps its CSP checks (no bypassCSP) while it runs axe.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
}

/** document.scrollingElement.scrollWidth: wider than the viewport means horizontal scrolling. */
export function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
}

/** Cumulative layout shift so far (0 = nothing moved). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

/** Each shift counted in layoutShift: its value, when, and which elements moved from where to where. */
export function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
}

/** data-theme on <html> at the moment the parser reached <body>. */
export function themeAtFirstPaint(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { __themeAtBody?: string }).__themeAtBody);
}

/** The category menu the server embeds for the drawer (same data the mega-menu is rendered from). */
export type { MenuNode } from '../../widgets/mobile-menu/menu';

/** The page's category tree, from its mega menu, as the phone drawer reads it (decision 186). */
export async function readMenu(page: Page): Promise<ShopMenu> {
  return menuOf(await page.content());
}

/**
 * Registers beforeAll/afterAll that start one server and one browser for the test file, and
 * returns a holder filled once they are up.
 */
export function useShop(options: StartOptions = {}): { shop: RunningShop; browser: Browser } {
  const holder = {} as { shop: RunningShop; browser: Browser };
  beforeAll(async () => {
    // Settled, not Promise.all: whichever started must still be stopped in afterAll if the other failed.
    const [shop, browser] = await Promise.allSettled([startShop(options), launchBrowser()]);
    if (shop.status === 'fulfilled') holder.shop = shop.value;
    if (browser.status === 'fulfilled') holder.browser = browser.value;
    if (shop.status === 'rejected') throw shop.reason;
    if (browser.status === 'rejected') throw browser.reason;
  });
  afterAll(async () => {
    await holder.browser?.close();
    await holder.shop?.stop();
  });
  return holder;
}

/**
 * Writes a cart straight into the server's DB file (WAL, so safe while it runs) for a new session
 * id, one line per quantity, and returns the id to put in the `sid` cookie.
 */
export function seedCart(dbFile: string, quantities: number[], shopId = 1): string {
  const db = openDb(dbFile);
  try {
    const id = newSessionId();
    const hash = hashSessionId(id);
    ensureSession(db, hash, new Date());
    const sqlite = db.$client;
    const products = sqlite
      .prepare(`SELECT product_id AS id FROM product_prices WHERE shop_id = ? AND product_id IN (SELECT id FROM products WHERE ${SELLABLE_SQL}) ORDER BY product_id LIMIT ?`)
      .all(shopId, quantities.length) as { id: number }[];
    if (products.length < quantities.length) throw new Error(`only ${products.length} priced products in shop ${shopId}`);
    const cart = sqlite.prepare('INSERT INTO carts (session_hash, shop_id, updated_at) VALUES (?, ?, ?)').run(hash, shopId, Date.now());
    const line = sqlite.prepare('INSERT INTO cart_items (cart_id, product_id, quantity) VALUES (?, ?, ?)');
    quantities.forEach((quantity, i) => line.run(cart.lastInsertRowid, products[i].id, quantity));
    return id;
  } finally {
    db.$client.close();
  }
}

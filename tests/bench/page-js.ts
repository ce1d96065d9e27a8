/**
 * The JS a real browser fetches at load, without scrolling or touching anything: Chromium at a
 * phone and a desktop viewport on the BUILT server, for home, a category, a product and search.
 * The build's figure (`npx tsx build.ts`) counts the site entry and its 'ready' widgets; this one
 * also sees 'visible' widgets in the first viewport and whatever they fetch. Run by hand:
 *
 *   npx tsx build.ts && npx tsx tests/bench/page-js.ts [-v]
 *
 * Sizes are each file's gzip -9 size on disk, the unit of build/pages.ts budgets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT, startShop } from '../e2e/server';
import { menuOf } from '../setup/html';

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

const gz = (path: string) => gzipSync(readFileSync(join(ROOT, 'static', path)), { level: 9 }).length;

const shop = await startShop({ products: 300, strict: false });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const home = await fetch(`${shop.url}/`).then((r) => r.text());
  const menu = menuOf(home);
  const category = menu.product.find((r) => r.children.length > 0)?.children[0].url;
  const product = ((await fetch(`${shop.url}/api/product/1`).then((r) => r.json())) as { url: string }).url;
  const pages = [['home', '/'], ['category', category], ['product', product], ['search', '/hladaj?q=krem']] as const;
  for (const viewport of VIEWPORTS) {
    for (const [name, path] of pages) {
      if (!path) continue;
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      const files: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === shop.url && url.pathname.endsWith('.js')) files.push(url.pathname);
      });
      await page.goto(shop.url + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(1000);
      const sizes = files.map((file) => ({ file, gzip: gz(file) }));
      const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
      console.log(`${viewport.name.padEnd(8)} ${name.padEnd(9)} ${(total / 1024).toFixed(1).padStart(5)} KB in ${files.length} files`);
      if (process.argv.includes('-v')) for (const s of sizes) console.log(`    ${String(s.gzip).padStart(6)}  ${s.file}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}

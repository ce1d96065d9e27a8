import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launchBrowser, layoutShift, layoutShifts, VIEWPORTS } from './harness';

// The CLS journeys pass when nothing moves; this proves the meter they read does see a shift and
// names what moved, so a broken init script cannot make them pass by measuring nothing.
const PAGE = `<!doctype html><html><body style="margin:0;font:16px sans-serif">
<div id="late" style="height:0"></div><p id="moved" class="probe" style="margin:0">Moves down</p>
<script>setTimeout(() => { document.getElementById('late').style.height = '300px'; }, 150);</script>
</body></html>`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the journeys\' layout-shift meter', () => {
  it('counts a shift and names the element that moved, from where to where', () =>
    journey(browser, VIEWPORTS[1], {}, async ({ page }) => {
      await page.route('http://harness.test/', (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
      await page.goto('http://harness.test/');
      await page.waitForFunction(() => (window as unknown as { __cls: number }).__cls > 0, undefined, { timeout: 5_000 });
      expect(await layoutShift(page)).toBeGreaterThan(0.01);
      const shifts = await layoutShifts(page);
      expect(shifts).toHaveLength(1);
      expect(shifts[0]).toMatch(/^0\.\d{3} at \d+ ms: p#moved\.probe 0,\d+ 1280×\d+ → 0,3\d\d 1280×\d+$/);
    }));
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../server/render/format';
import { parseHtml } from '../setup/html';
import { createTestShop, type TestShop } from '../setup/test-app';
import { post, session } from './catalog-helpers';

/**
 * One free-shipping limit per shop (server/cart/free-shipping.ts, decision 241): the home hero,
 * the toast, the banners' texts, the shipping page and the cart state the figure the shipping rules
 * ship free from, and all follow when the rules change.
 */
let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 40 });
});
afterAll(() => shop.close());

const HOSTS = { sk: '127.0.0.1:3000', cz: 'cz.localhost:3000' } as const;
const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const run = (sql: string, ...params: unknown[]) => shop.db.$client.prepare(sql).run(...params);

async function figures(code: 'sk' | 'cz', cookie = '') {
  const host = HOSTS[code];
  const home = parseHtml(await (await shop.app.request('/', { headers: { host } })).text());
  const overlays = (await (await shop.app.request('/api/overlay', { headers: { host, 'x-referrer-route': '/' } })).json()) as { text: string; target: string | null }[];
  const banners = (await (await shop.app.request('/api/banner', { headers: { host } })).json()) as { alt: string }[];
  const terms = parseHtml(await (await shop.app.request('/doprava-a-platba', { headers: { host } })).text());
  const cart = cookie ? parseHtml(await (await shop.app.request('/nakupny-kosik', { headers: { host, cookie } })).text()) : null;
  return {
    hero: squash(home.querySelector('.hero__lead')?.textContent),
    toast: squash(overlays.find((o) => o.target === null && /zadarmo|zdarma/i.test(o.text))?.text),
    banner: squash(banners.find((b) => /zadarmo|zdarma/i.test(b.alt))?.alt),
    page: squash(terms.querySelector('main')?.textContent),
    cart: cart ? squash(cart.querySelector('.checkout__free-shipping')?.textContent) : null,
  };
}

describe('the free-shipping limit', () => {
  it('is one figure per shop, from the shipping rules, in the hero, the toast, the banner and the cart; a rule change moves them all', async () => {
    const s = await session(shop, { host: HOSTS.cz });
    const added = await post(shop, s, '/nakupny-kosik/pridat', { product_id: '1', quantity: '1' }, { form: true, headers: { host: HOSTS.cz } });
    expect(added.status).toBeLessThan(400);

    for (const [code, currency, locale, limit] of [['sk', 'EUR', 'sk', 4900], ['cz', 'CZK', 'cs', 129000]] as const) {
      const figure = squash(formatMoney(limit, currency, locale));
      const shown = await figures(code, code === 'cz' ? s.cookie : '');
      expect(shown.hero).toContain(figure);
      expect(shown.toast).toContain(figure);
      expect(shown.banner).toContain(figure);
      expect(shown.page).toContain(figure);
      expect(shown.toast).not.toContain('{');
      if (code === 'cz') expect(shown.cart).toContain(figure);
    }

    // The back office changes the Czech rules: free from 990 Kč instead of 1 290 Kč.
    run('UPDATE shipping_options SET amount_min = 99000 WHERE shop_id = 2 AND country = ? AND price = 0 AND amount_min = 129000', 'cz');
    run('UPDATE shipping_options SET amount_max = 98999 WHERE shop_id = 2 AND country = ? AND amount_max = 128999', 'cz');
    const moved = await figures('cz', s.cookie);
    const figure = squash(formatMoney(99000, 'CZK', 'cs'));
    for (const text of [moved.hero, moved.toast, moved.banner, moved.page, moved.cart]) {
      expect(text).toContain(figure);
      expect(text).not.toContain(squash(formatMoney(129000, 'CZK', 'cs')));
    }
  });
});

import type Database from 'better-sqlite3';
import { SHOP_ROWS } from '../../shops/shops.service';
import { rng } from './random';
// The free-shipping figure is filled from the shipping rules when shown (server/cart/free-shipping.ts).
import { FREE_SHIPPING_TOKEN } from '../../cart/free-shipping';

interface Campaign {
  name: string;
  alt: string;
}

const CAMPAIGNS: Record<'sk' | 'cz', Campaign[]> = {
  sk: [
    { name: 'Jesenný výpredaj', alt: 'Jesenný výpredaj – zľavy až 40 %' },
    { name: 'Doprava zadarmo', alt: `Doprava zadarmo pri nákupe nad ${FREE_SHIPPING_TOKEN}` },
    { name: 'Novinky do záhrady', alt: 'Novinky do záhrady' },
    { name: 'Návody a inšpirácie', alt: 'Nové návody každý týždeň' },
  ],
  cz: [
    { name: 'Podzimní výprodej', alt: 'Podzimní výprodej – slevy až 40 %' },
    { name: 'Doprava zdarma', alt: `Doprava zdarma při nákupu nad ${FREE_SHIPPING_TOKEN}` },
    { name: 'Novinky do zahrady', alt: 'Novinky do zahrady' },
    { name: 'Návody a inspirace', alt: 'Nové návody každý týden' },
  ],
};

interface Overlay {
  text: string;
  severity: 'info' | 'success' | 'warn' | 'error';
  position: string;
  target: string | null;
  route: string;
  showDelay: number;
  hideDelay: number | null;
  sequence: number | null;
}

/** One toast everywhere, a sequenced pair on the guides, a popover on the home page's search box. */
const OVERLAYS: Record<'sk' | 'cz', Overlay[]> = {
  sk: [
    { text: `Doprava zadarmo pri nákupe nad ${FREE_SHIPPING_TOKEN}.`, severity: 'info', position: 'bottom-right', target: null, route: '/', showDelay: 1500, hideDelay: 3000, sequence: null },
    { text: 'Väčšina návodov je zadarmo.', severity: 'success', position: 'top-right', target: null, route: '/navody-inspiracie', showDelay: 1000, hideDelay: 2500, sequence: 1 },
    { text: 'Prémiové návody získate aj za body.', severity: 'info', position: 'top-right', target: null, route: '/navody-inspiracie', showDelay: 500, hideDelay: 2500, sequence: 2 },
    { text: 'Hľadajte podľa názvu alebo kódu produktu.', severity: 'info', position: 'bottom', target: '#search-q', route: '/$', showDelay: 800, hideDelay: null, sequence: null },
  ],
  cz: [
    { text: `Doprava zdarma při nákupu nad ${FREE_SHIPPING_TOKEN}.`, severity: 'info', position: 'bottom-right', target: null, route: '/', showDelay: 1500, hideDelay: 3000, sequence: null },
    { text: 'Většina návodů je zdarma.', severity: 'success', position: 'top-right', target: null, route: '/navody-inspiracie', showDelay: 1000, hideDelay: 2500, sequence: 1 },
    { text: 'Prémiové návody získáte i za body.', severity: 'info', position: 'top-right', target: null, route: '/navody-inspiracie', showDelay: 500, hideDelay: 2500, sequence: 2 },
    { text: 'Hledejte podle názvu nebo kódu produktu.', severity: 'info', position: 'bottom', target: '#search-q', route: '/$', showDelay: 800, hideDelay: null, sequence: null },
  ],
};

/**
 * Banners (4 campaigns × pc and mobile per shop, images drawn by /data/banner/:file) and overlay
 * messages. Runs inside seedDemo's transaction after the categories exist; links point at root
 * categories picked with its own PRNG stream. Rows that already exist (same shop and name or text)
 * are kept, so a second run adds nothing.
 */
export function seedMarketing(sqlite: Database.Database): { banners: number; overlays: number } {
  const r = rng('marketing');
  const roots = sqlite.prepare("SELECT slug FROM categories WHERE parent_id IS NULL AND visible = 1 ORDER BY type, position, id").pluck().all() as string[];
  const insertBanner = sqlite.prepare(
    `INSERT INTO banners (shop_id, name, url, ecommerce, size, file_path, file_name, alt, position, visible)
     SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, 1 WHERE NOT EXISTS (SELECT 1 FROM banners WHERE shop_id = ? AND name = ? AND size = ?)`,
  );
  const insertOverlay = sqlite.prepare(
    `INSERT INTO overlay_messages (shop_id, text, severity, position, target, route, show_delay, hide_delay, sequence, visible)
     SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, 1 WHERE NOT EXISTS (SELECT 1 FROM overlay_messages WHERE shop_id = ? AND text = ?)`,
  );
  let banners = 0;
  let overlays = 0;
  for (const shop of SHOP_ROWS) {
    CAMPAIGNS[shop.code].forEach((campaign, i) => {
      const url = roots.length > 0 ? `/${r.pick(roots)}` : '/';
      const ecommerce = JSON.stringify({ promotion_id: `${shop.code}-banner-${i + 1}`, promotion_name: campaign.name, creative_slot: `home_${i + 1}` });
      for (const size of ['pc', 'mobile'] as const) {
        const file = `${shop.code}-${i + 1}-${size}.svg`;
        banners += insertBanner.run(shop.id, campaign.name, url, ecommerce, size, `/data/banner/${file}`, file, campaign.alt, i + 1, shop.id, campaign.name, size).changes;
      }
    });
    for (const o of OVERLAYS[shop.code]) {
      overlays += insertOverlay.run(shop.id, o.text, o.severity, o.position, o.target, o.route, o.showDelay, o.hideDelay, o.sequence, shop.id, o.text).changes;
    }
  }
  return { banners, overlays };
}

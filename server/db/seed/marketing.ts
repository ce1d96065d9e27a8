import type Database from 'better-sqlite3';
import { SHOP_ROWS } from '../../shops/shops.service';
import { rng } from './random';
// The free-shipping figure is filled from the shipping rules when shown (server/cart/free-shipping.ts).
import { FREE_SHIPPING_TOKEN } from '../../cart/free-shipping';

/**
 * A campaign's copy (headline ≤ 80, text ≤ 160, call to action ≤ 30), shown as HTML over its drawn
 * image; the image's alt repeats the headline. `target` is the Slovak name of the root category it
 * links to (a random root when there is no such one). Translations: labels-i18n.ts BANNER_COPY.
 */
interface Campaign {
  name: string;
  target: string;
  headline: string;
  text: string;
  cta: string;
}

const F = FREE_SHIPPING_TOKEN;

const CAMPAIGNS: Record<'sk' | 'cz', Campaign[]> = {
  sk: [
    { name: 'Jesenné pečenie', target: 'Kuchyňa a varenie', headline: 'Jesenné pečenie so zľavou až 30 %', text: 'Formy, plechy a pomôcky na koláče, štrúdle aj chlieb.', cta: 'Nakúpiť na pečenie' },
    { name: 'Doprava zadarmo', target: 'Domácnosť', headline: `Doprava zadarmo pri nákupe nad ${F}`, text: 'Doručíme na adresu, na výdajné miesto aj na poštu.', cta: 'Nakupovať' },
    { name: 'Záhrada na zimu', target: 'Záhrada', headline: 'Záhrada pripravená na zimu', text: 'Náradie, hnojivá a ochrana rastlín pred mrazom.', cta: 'Pozrieť záhradu' },
    { name: 'Návody a recepty', target: 'Návody a inšpirácie', headline: 'Nové recepty a návody každý týždeň', text: 'Inšpirácie na pečenie, upratovanie aj tvorenie s deťmi – väčšina zadarmo.', cta: 'Vyskúšať recepty' },
  ],
  cz: [
    { name: 'Podzimní pečení', target: 'Kuchyňa a varenie', headline: 'Podzimní pečení se slevou až 30 %', text: 'Formy, plechy a pomůcky na koláče, štrúdly i chleba.', cta: 'Nakoupit na pečení' },
    { name: 'Doprava zdarma', target: 'Domácnosť', headline: `Doprava zdarma při nákupu nad ${F}`, text: 'Doručíme na adresu, na výdejní místo i na poštu.', cta: 'Nakupovat' },
    { name: 'Zahrada na zimu', target: 'Záhrada', headline: 'Zahrada připravená na zimu', text: 'Nářadí, hnojiva a ochrana rostlin před mrazem.', cta: 'Prohlédnout zahradu' },
    { name: 'Návody a recepty', target: 'Návody a inšpirácie', headline: 'Nové recepty a návody každý týden', text: 'Inspirace na pečení, úklid i tvoření s dětmi – většina zdarma.', cta: 'Vyzkoušet recepty' },
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
  const rootSlug = sqlite.prepare('SELECT slug FROM categories WHERE parent_id IS NULL AND visible = 1 AND name = ?').pluck();
  const insertBanner = sqlite.prepare(
    `INSERT INTO banners (shop_id, name, url, ecommerce, size, file_path, file_name, alt, headline, text, cta, position, visible)
     SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1 WHERE NOT EXISTS (SELECT 1 FROM banners WHERE shop_id = ? AND name = ? AND size = ?)`,
  );
  const insertOverlay = sqlite.prepare(
    `INSERT INTO overlay_messages (shop_id, text, severity, position, target, route, show_delay, hide_delay, sequence, visible)
     SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, 1 WHERE NOT EXISTS (SELECT 1 FROM overlay_messages WHERE shop_id = ? AND text = ?)`,
  );
  let banners = 0;
  let overlays = 0;
  for (const shop of SHOP_ROWS) {
    CAMPAIGNS[shop.code].forEach((campaign, i) => {
      const picked = roots.length > 0 ? r.pick(roots) : null;
      const slug = (rootSlug.get(campaign.target) as string | undefined) ?? picked;
      const url = slug ? `/${slug}` : '/';
      const ecommerce = JSON.stringify({ promotion_id: `${shop.code}-banner-${i + 1}`, promotion_name: campaign.name, creative_slot: `home_${i + 1}` });
      for (const size of ['pc', 'mobile'] as const) {
        const file = `${shop.code}-${i + 1}-${size}.svg`;
        banners += insertBanner.run(shop.id, campaign.name, url, ecommerce, size, `/data/banner/${file}`, file, campaign.headline, campaign.headline, campaign.text, campaign.cta, i + 1, shop.id, campaign.name, size).changes;
      }
    });
    for (const o of OVERLAYS[shop.code]) {
      overlays += insertOverlay.run(shop.id, o.text, o.severity, o.position, o.target, o.route, o.showDelay, o.hideDelay, o.sequence, shop.id, o.text).changes;
    }
  }
  return { banners, overlays };
}

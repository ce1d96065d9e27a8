/**
 * A page a shared cache kept carries nobody's own bits: no CSRF token, an empty cart, nobody signed
 * in (decision 213). Shown to a browser that holds a session (the readable `shopper` cookie the
 * server sets with the session cookie: server/http/session.ts), it asks for them after load
 * (GET /api/session) and puts them where the page's own would have been: the defaults block the
 * widgets read, and the header's cart count and name, in the same boxes (no layout shift). Plain
 * DOM in the site entry: the page loads no widget code for it.
 */
export function refreshShopper(): void {
  const block = document.getElementById('shop-defaults');
  if (!block || !/(^|;\s*)shopper=1/.test(document.cookie)) return;
  const defaults = JSON.parse(block.textContent || '{}') as { csrf?: string };
  if (defaults.csrf) return;
  fetch('/api/session', { credentials: 'same-origin' })
    .then((response) => response.json())
    .then((mine: { loggedUsername: string | null; cart: { count: number; totalFormatted: string } }) => {
      block.textContent = JSON.stringify({ ...defaults, ...mine });
      const button = document.querySelector('shop-cart-button');
      button?.setAttribute('count', String(mine.cart.count));
      button?.setAttribute('total', mine.cart.totalFormatted);
      const count = document.querySelector('.cart-button__count');
      if (count) count.textContent = String(mine.cart.count);
      const name = document.querySelector('.profile-menu__name');
      if (name && mine.loggedUsername) name.textContent = mine.loggedUsername.split('@')[0];
    })
    .catch(() => {});
}

/**
 * Asks GET /api/overlay before the widget's code loads, so a page without overlay messages (nearly
 * every page) downloads neither the widget nor the HTTP client (docs/decisions/160). The answer goes
 * into the element's `messages` attribute, so the widget shows it without asking again. Plain fetch,
 * no ky and no defaults: this runs in the site entry, before any widget code.
 */

/** Our API on the origin this script came from: the same URL on our pages and on partner pages. */
const ourApi = () => new URL('/api/overlay', import.meta.url).href;

/** Whether <shop-overlay-messages> has anything to show: messages given inline, or from the API. */
export async function overlaysWanted(element: Element, url: string = ourApi()): Promise<boolean> {
  if (element.hasAttribute('messages')) return true;
  const route = element.getAttribute('route') || location.pathname;
  const request = new Request(url, { headers: { 'X-Referrer-Route': route }, credentials: 'include' });
  // Overlays are a nicety: a failed call shows nothing rather than an error.
  const answer: unknown = await fetch(request).then((response) => (response.ok ? response.json() : []), () => []);
  if (!Array.isArray(answer) || answer.length === 0) return false;
  element.setAttribute('messages', JSON.stringify(answer));
  return true;
}

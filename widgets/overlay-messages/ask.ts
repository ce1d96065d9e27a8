/**
 * GET /api/overlay for a route, once per route and page. The registry asks before it loads the
 * widget, so a page without overlay messages (nearly every page) downloads neither the widget nor
 * the HTTP client (docs/decisions/160); the widget then reuses the same answer. Plain fetch, no ky
 * and no defaults: this runs in the site entry, before any widget code.
 */
const asked = new Map<string, Promise<unknown>>();

/** Our API on the origin this script came from: the same URL on our pages and on partner pages. */
const ourApi = () => new URL('/api', import.meta.url).href;

export function askOverlays(route: string, apiPrefix: string = ourApi()): Promise<unknown> {
  let answer = asked.get(route);
  if (!answer) {
    const request = new Request(`${apiPrefix.replace(/\/$/, '')}/overlay`, { headers: { 'X-Referrer-Route': route }, credentials: 'include' });
    // Overlays are a nicety: a failed call shows nothing rather than an error.
    answer = fetch(request).then((response) => (response.ok ? response.json() : []), () => []);
    asked.set(route, answer);
  }
  return answer;
}

/** Whether <shop-overlay-messages> has anything to show: messages given inline, or from the API. */
export async function overlaysWanted(element: Element): Promise<boolean> {
  if (element.hasAttribute('messages')) return true;
  const answer = await askOverlays(element.getAttribute('route') || location.pathname);
  return Array.isArray(answer) && answer.length > 0;
}

/** Tests only. */
export function forgetOverlays(): void {
  asked.clear();
}

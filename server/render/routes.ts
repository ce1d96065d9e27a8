/**
 * Addresses every page links to, shared by the server (layout, page defaults) and the widgets (their
 * fallback when a page sends no defaults). The terms page differs per shop and is added per request.
 */
export const ROUTES = {
  home: '/',
  search: '/hladaj',
  cart: '/nakupny-kosik',
  favourites: '/oblubene',
  signIn: '/moje/prihlasenie',
  signUp: '/registracia',
  signOut: '/moje/odhlasenie',
  account: '/moje/konto',
  tracking: '/sledovanie-zasielky',
  consent: '/suhlas-cookies',
  language: '/jazyk',
} as const;

/** The routes object templates read, one per terms path (one per shop) instead of one per render. */
const routesByTerms = new Map<string, Record<string, string>>();
export function routesFor(terms: string): Record<string, string> {
  let routes = routesByTerms.get(terms);
  if (!routes) {
    routes = { ...ROUTES, terms };
    routesByTerms.set(terms, routes);
  }
  return routes;
}

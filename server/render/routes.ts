/**
 * Addresses every page links to, shared by the server (layout, page defaults) and the widgets (their
 * fallback when a page sends no defaults).
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

/** The routes object templates read, with the shop's terms page: one per shop instead of one per render. */
const routesByTerms = new Map<string, Record<string, string>>();
export const routesFor = (terms: string) => routesByTerms.get(terms) ?? routesByTerms.set(terms, { ...ROUTES, terms }).get(terms)!;

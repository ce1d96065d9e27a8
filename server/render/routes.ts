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

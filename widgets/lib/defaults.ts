import { ROUTES } from '../../server/render/routes';

/**
 * What the page tells every widget at start: the server renders one
 * `<script type="application/json" id="shop-defaults">` (the partner embed, widgets/embed, needs
 * none). Read once; a missing or malformed block gives safe defaults, never an exception.
 */
export type ShopCode = 'sk' | 'cz';
export type Locale = 'sk' | 'cs' | 'en' | 'de' | 'ro' | 'hu';

export interface CartSummary {
  count: number;
  /** Minor units; the server computes every figure. */
  total: number;
  totalFormatted: string;
}

export interface ShopRoutes {
  home: string;
  search: string;
  cart: string;
  favourites: string;
  signIn: string;
  signUp: string;
  signOut: string;
  account: string;
  tracking: string;
  consent: string;
  language: string;
  terms: string;
}

export interface ShopDefaults {
  shop: ShopCode;
  locale: Locale;
  intlLocale: string;
  currency: { code: string; symbol: string };
  isLogged: boolean;
  loggedUsername: string | null;
  loggedRoles: string[];
  cart: CartSummary;
  csrf: string;
  /** Received messages not yet read (the account menu's count by Správy). */
  unreadMessages?: number;
  /** URL of an ES module exporting `messages` (compiled Lingui catalog); '' = source text. */
  messages: string;
  routes: ShopRoutes;
  /** Not sent by the server: the API prefix and credentials lib/api.ts uses (/api, same-origin). */
  api: { prefix: string; credentials: RequestCredentials };
}

export type DefaultsSource = 'page' | 'fallback';

const LOCALES: readonly Locale[] = ['sk', 'cs', 'en', 'de', 'ro', 'hu'];
export const INTL_LOCALES: Record<Locale, string> = { sk: 'sk-SK', cs: 'cs-CZ', en: 'en-GB', de: 'de-DE', ro: 'ro-RO', hu: 'hu-HU' };

export const DEFAULT_ROUTES: ShopRoutes = { ...ROUTES, terms: '/podmienky' };

function fallbackDefaults(): ShopDefaults {
  return {
    shop: 'sk',
    locale: 'sk',
    intlLocale: 'sk-SK',
    currency: { code: 'EUR', symbol: '€' },
    isLogged: false,
    loggedUsername: null,
    loggedRoles: [],
    cart: { count: 0, total: 0, totalFormatted: '' },
    csrf: '',
    messages: '',
    routes: { ...DEFAULT_ROUTES },
    api: { prefix: '/api', credentials: 'same-origin' },
  };
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Takes each field of `base` from `raw` when it has the same type, so one wrong field never throws
 * away the rest (arrays in the defaults hold strings only).
 */
function shaped<T>(raw: unknown, base: T): T {
  if (Array.isArray(base)) return (Array.isArray(raw) ? raw.filter((item) => typeof item === 'string') : base) as T;
  if (isObject(base)) {
    const from = isObject(raw) ? raw : {};
    return Object.fromEntries(Object.entries(base).map(([key, value]) => [key, shaped(from[key], value)])) as T;
  }
  return (typeof raw === typeof base && (typeof raw !== 'number' || Number.isFinite(raw)) ? raw : base) as T;
}

export function normalizeCart(value: unknown, fallback: CartSummary = { count: 0, total: 0, totalFormatted: '' }): CartSummary {
  const cart = shaped(value, fallback);
  return { ...cart, count: Math.max(0, Math.trunc(cart.count)) };
}

function normalize(raw: unknown, base: ShopDefaults): ShopDefaults {
  const d = shaped(raw, base);
  const from = isObject(raw) ? raw : {};
  if (!LOCALES.includes(d.locale)) d.locale = base.locale;
  if (d.shop !== 'sk' && d.shop !== 'cz') d.shop = base.shop;
  if (typeof from.intlLocale !== 'string') d.intlLocale = INTL_LOCALES[d.locale];
  d.loggedUsername = typeof from.loggedUsername === 'string' ? from.loggedUsername : null;
  d.cart = normalizeCart(d.cart);
  return d;
}

/** Parses a `<script type="application/json">` block; undefined when absent or malformed. */
export function readJsonScript(id: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

let cached: ShopDefaults | undefined;
let source: DefaultsSource = 'fallback';

export function getDefaults(): ShopDefaults {
  if (!cached) {
    const raw = readJsonScript('shop-defaults');
    source = raw === undefined ? 'fallback' : 'page';
    cached = normalize(raw, fallbackDefaults());
  }
  return cached;
}

/** Where the defaults came from: the server's block or nothing at all. */
export function defaultsSource(): DefaultsSource {
  getDefaults();
  return source;
}

/** Tests only: forget what was read so the next read sees the current document. */
export function resetDefaults(): void {
  cached = undefined;
  source = 'fallback';
}

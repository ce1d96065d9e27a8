import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseImageHosts } from './content/image-rule';

/** The project folder, found from this file whether it runs from server/ (tsx) or dist/server/ (build). */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

const hostList = z
  .string()
  .transform((s) => s.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DB_FILE: z.string().min(1).default('data/shop.db'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  /** Host names (comma separated) that serve the Slovak shop; any unknown host also gets it. */
  SHOP_SK_HOSTS: hostList.default(['127.0.0.1', 'localhost']),
  SHOP_CZ_HOSTS: hostList.default(['cz.localhost']),
  /** Public origins used in canonical and hreflang links, never taken from the Host header. */
  SHOP_SK_ORIGIN: z.url().default('http://127.0.0.1:3000'),
  SHOP_CZ_ORIGIN: z.url().default('http://cz.localhost:3000'),
  /** Signs CSRF tokens. Random per process when unset, which is fine for one process. */
  SECRET: z.string().min(32).optional(),
  /** Cookies get the Secure flag and the __Host- prefix. */
  SECURE_COOKIES: z.stringbool().default(false),
  MAIL_FROM: z.string().default('obchod <obchod@localhost>'),
  /** smtp://user:pass@host:port; empty writes every message to MAIL_OUTBOX instead. */
  MAIL_URL: z.string().default(''),
  MAIL_OUTBOX: z.string().default('data/outbox'),
  /** Shoppers' uploads (claim photos), outside static/ so nothing uploaded is ever served as is. */
  UPLOADS_DIR: z.string().min(1).default('data/uploads'),
  /** Where the operator's mails go (a new order, a withdrawal, a claim); empty = the shop's supplier e-mail. */
  MAIL_OPERATOR: z.union([z.literal(''), z.email()]).default(''),
  /** The EU VIES checkVatService (SOAP); tests point it at a local fake. */
  VIES_URL: z.url().default('https://ec.europa.eu/taxation_customs/vies/services/checkVatService'),
  VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  /** The shop gzips its answers itself; behind nginx (deploy/) the proxy compresses instead. */
  COMPRESS: z.stringbool().default(true),
  /** The inside of category pages is kept per catalogue version; false renders it every time (benchmarks). */
  HTML_CACHE: z.stringbool().default(true),
  /**
   * Hosts (comma separated, https) whose images editors may place in guides besides the shop's own
   * uploads: the guide sanitiser and the CSP's img-src read the same list (server/content/image-rule.ts).
   */
  IMAGE_HOSTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const hosts = parseImageHosts(value);
      if (hosts === null) ctx.addIssue({ code: 'custom', message: 'host names (cdn.example.com or https://cdn.example.com), comma separated' });
      return hosts ?? [];
    }),
  /**
   * Origin of YouTube's privacy-enhanced player, the one frame the pages' CSP allows (frame-src) and
   * <shop-video> loads after a click; tests point it at a local fake player (tests/fixtures/fake-youtube).
   */
  VIDEO_EMBED_ORIGIN: z
    .string()
    .default('https://www.youtube-nocookie.com')
    .refine(isOrigin, 'an origin (scheme://host[:port], no path)')
    .transform((o) => new URL(o).origin),
  /**
   * Map tiles of the pickup-point dialog (issue 23): a URL template with {z}/{x}/{y} on one host
   * (https, or http on this machine for tests), e.g. https://tiles.example.com/{z}/{x}/{y}.png, and
   * the attribution its licence asks for. Unset: no map, the list alone, no request to any tile server;
   * set: the pages' CSP img-src gains exactly its origin.
   */
  MAP_TILE_URL: z
    .string()
    .default('')
    .transform((value, ctx) => {
      if (value.trim() === '') return null;
      const origin = tileOrigin(value.trim());
      if (origin === null) ctx.addIssue({ code: 'custom', message: 'a tile URL template on one https host with {z}, {x} and {y} (no {s} subdomains)' });
      return origin === null ? null : { url: value.trim(), origin };
    }),
  MAP_TILE_ATTRIBUTION: z.string().trim().max(300).default(''),
  /** Proxies (comma-separated addresses) whose X-Real-IP names the client: the rate limiter's key. */
  TRUST_PROXY: hostList.default([]),
  /** s-maxage of the pages shared by anonymous visitors: how long nginx or a CDN answers without asking. */
  HTTP_CACHE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1),
  /** stale-while-revalidate: how long after that a shared cache may answer stale while it asks. */
  HTTP_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Who takes online payments: the built-in test bank (default outside production) or nobody. */
  PAYMENT_PROVIDER: z.enum(['test-bank', 'none']).optional(),
  /** Signs the test bank's requests, returns and notifications; random per process when unset. */
  PAYMENT_SECRET: z.string().min(32).optional(),
  /** Social sign-in (docs/decisions/130): a provider is on only when its client id and secret are set. */
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().default(''),
  FACEBOOK_CLIENT_SECRET: z.string().default(''),
  FACEBOOK_ISSUER: z.url().default('https://www.facebook.com'),
  /** Facebook's discovery document names no token endpoint; this one is used when discovery lacks it. */
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v21.0/oauth/access_token'),
  /** Where providers send the shopper back; the shop's own origin (SHOP_*_ORIGIN) when unset. */
  OAUTH_REDIRECT_BASE: z.url().optional(),
  /**
   * Origins (comma separated, `https://host[:port]`) whose pages may embed the shop's widgets: the
   * embed endpoint and loader answer them with CORS (server/embed/partner-origins.ts).
   */
  PARTNER_ORIGINS: z
    .string()
    .default('')
    .transform((s, ctx) => {
      const origins = s.split(',').map((o) => o.trim()).filter(Boolean);
      const bad = origins.filter((origin) => !isOrigin(origin));
      if (bad.length === 0) return origins.map((o) => new URL(o).origin);
      ctx.addIssue({ code: 'custom', message: `${bad.join(', ')}: not an origin (scheme://host[:port], no path)` });
      return z.NEVER;
    }),
});

export type ShopCode = 'sk' | 'cz';

export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer; its discovery document is read on first use. */
  issuer: string;
  /** Used only when the discovery document names no token endpoint (Facebook). */
  tokenUrl?: string;
}

export interface Config {
  port: number;
  host: string;
  root: string;
  dbFile: string;
  seed: 'demo' | 'none';
  seedProducts: number;
  hosts: Record<ShopCode, string[]>;
  origins: Record<ShopCode, string>;
  secret: string;
  secureCookies: boolean;
  mail: { from: string; url: string; outbox: string; operator: string };
  /** Absolute folder of shoppers' uploads; claim photos go to its claims/ subfolder. */
  uploadsDir: string;
  logLevel: 'silent' | 'error' | 'info';
  /** The shop gzips its own answers (false behind a compressing proxy). */
  compress: boolean;
  /** Category pages' main part is kept per catalogue version (false: rendered every time, for the bench). */
  htmlCache: boolean;
  /** Image hosts allowed in guides and by the CSP's img-src besides the shop's own uploads. */
  imageHosts: string[];
  /** The video player's frame origin (VIDEO_EMBED_ORIGIN): the CSP's frame-src and <shop-video origin>. */
  videoOrigin: string;
  /** The pickup dialog's map tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); null = no map. */
  mapTiles: { url: string; attribution: string; origin: string } | null;
  /** Addresses of the proxies whose X-Real-IP header is believed (server/http/rate-limit.ts). */
  trustProxy: string[];
  /** Cache-Control of shared anonymous answers (server/http/http-cache.ts). */
  httpCache: { sharedSeconds: number; staleSeconds: number };
  vies: { url: string; timeoutMs: number };
  /** `none` hides the payment chooser and answers 404 at the gateway (docs/decisions/100). */
  payments: { provider: 'test-bank' | 'none'; secret: string };
  /** Social sign-in; a provider that is not configured is null (its routes answer 404). */
  oauth: { redirectBase: string | null; providers: Record<OAuthProvider, OAuthProviderConfig | null> };
  /** Origins allowed to embed the shop's widgets (CORS on the embed's answers), from PARTNER_ORIGINS. */
  partnerOrigins: string[];
  production: boolean;
}

export class ConfigError extends Error {}

/** Reads every setting once; an invalid value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oauth = {
    redirectBase: e.OAUTH_REDIRECT_BASE?.replace(/\/$/, '') ?? null,
    providers: {
      google: oauthProvider('GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER),
      facebook: oauthProvider('FACEBOOK', e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET, e.FACEBOOK_ISSUER, e.FACEBOOK_TOKEN_URL),
    },
  };
  const root = projectRoot();
  const production = env.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    root,
    dbFile: e.DB_FILE === ':memory:' ? e.DB_FILE : resolve(root, e.DB_FILE),
    seed: e.SEED,
    seedProducts: e.SEED_PRODUCTS,
    hosts: { sk: e.SHOP_SK_HOSTS, cz: e.SHOP_CZ_HOSTS },
    origins: { sk: e.SHOP_SK_ORIGIN.replace(/\/$/, ''), cz: e.SHOP_CZ_ORIGIN.replace(/\/$/, '') },
    secret: e.SECRET ?? randomSecret(),
    secureCookies: e.SECURE_COOKIES,
    mail: { from: e.MAIL_FROM, url: e.MAIL_URL, outbox: resolve(root, e.MAIL_OUTBOX), operator: e.MAIL_OPERATOR },
    uploadsDir: resolve(root, e.UPLOADS_DIR),
    logLevel: e.LOG_LEVEL,
    compress: e.COMPRESS,
    htmlCache: e.HTML_CACHE,
    imageHosts: e.IMAGE_HOSTS,
    videoOrigin: e.VIDEO_EMBED_ORIGIN,
    mapTiles: e.MAP_TILE_URL && { ...e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    trustProxy: e.TRUST_PROXY,
    httpCache: { sharedSeconds: e.HTTP_CACHE_SECONDS, staleSeconds: e.HTTP_STALE_SECONDS },
    vies: { url: e.VIES_URL, timeoutMs: e.VIES_TIMEOUT_MS },
    // The test bank pays without money: never on by default where real orders are taken.
    payments: { provider: e.PAYMENT_PROVIDER ?? (production ? 'none' : 'test-bank'), secret: e.PAYMENT_SECRET ?? randomSecret() },
    production,
    oauth,
    partnerOrigins: e.PARTNER_ORIGINS,
  };
}

/** The origin a tile template loads from: one host (no {s}), https unless on this machine. */
function tileOrigin(template: string): string | null {
  if (!/\{z\}/.test(template) || !/\{x\}/.test(template) || !/\{y\}/.test(template)) return null;
  let url: URL;
  try {
    url = new URL(template.replace(/\{[a-z]\}/g, '0'));
  } catch {
    return null;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.username || url.password || (url.protocol !== 'https:' && !(local && url.protocol === 'http:'))) return null;
  if (/[{}]/.test(new URL(template).host)) return null;
  return url.origin;
}

/**
 * Half a provider (an id without its secret) is a mistake worth stopping for, not a silently
 * missing button; an issuer must be HTTPS unless it is on this machine (the tests' fake provider).
 */
function oauthProvider(name: string, clientId: string, clientSecret: string, issuer: string, tokenUrl?: string): OAuthProviderConfig | null {
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    throw new ConfigError(`Invalid configuration:\n  ${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`);
  }
  for (const [variable, url] of [[`${name}_ISSUER`, issuer], [`${name}_TOKEN_URL`, tokenUrl]] as const) {
    if (url && !isSecureOrLocal(url)) throw new ConfigError(`Invalid configuration:\n  ${variable}: must be an https URL`);
  }
  return { clientId, clientSecret, issuer, ...(tokenUrl ? { tokenUrl } : {}) };
}

/** `https://partner.example` or `http://127.0.0.2:8080`: an http(s) URL that is its own origin. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text.replace(/\/$/, '');
  } catch {
    return false;
  }
}

export function isLoopbackUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]');
}

function isSecureOrLocal(url: string): boolean {
  return new URL(url).protocol === 'https:' || isLoopbackUrl(url);
}

function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

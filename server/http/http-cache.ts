import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { cookie } from './cookies';
import type { AppEnv } from './env';
import { requestHeader } from './request-header';
import { acceptsGzip } from './compression';

/**
 * HTTP caching of what every anonymous visitor sees (docs/decisions/213). A GET of a page's
 * canonical address (or of a public JSON answer) from a visitor with nothing stored under a
 * session and not signed in is the same for all of them, given the shop, the locale and whether
 * the cookie banner was answered. So it says `Cache-Control: public, max-age=0, s-maxage=N,
 * stale-while-revalidate=M` with a strong ETag made of the catalogue version: nginx (deploy/) or a
 * CDN keeps and shares it, browsers revalidate it, and a matching If-None-Match is answered 304
 * before any page is rendered. Anything else is `no-store`.
 */

/** Validators from before a restart never match: a new release may render the same version differently. */
const RELEASE = randomBytes(4).toString('hex');

export interface HttpCacheSettings {
  /** s-maxage: how long a shared cache may answer without asking. */
  sharedSeconds: number;
  /** stale-while-revalidate: how long after that it may answer stale while it asks in the background. */
  staleSeconds: number;
}

/** Whether this request gets the shared answer of `canonical` (path and query exactly as sent). */
export function isSharedRequest(c: Context<AppEnv>, canonical: string): boolean {
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const session = c.get('session');
  if (session.stored || session.userId !== null) return false;
  return requestTarget(c) === canonical;
}

/**
 * The validator of a shared answer: catalogue version, release, shop, locale; `-gz` when gzipped
 * here. Not the cookie choice: the bar is in every page and shown by the site entry (decision 243).
 */
function entityTag(c: Context<AppEnv>, gzipped: boolean): string {
  return `"${c.get('catalogVersion')}-${RELEASE}-${c.get('shop').code}-${c.get('locale')}${gzipped ? '-gz' : ''}"`;
}

/** Whether the answer will be gzipped here (compression.ts decides the same way). */
function gzippedHere(c: Context<AppEnv>): boolean {
  return c.get('deps').config.compress && acceptsGzip(requestHeader(c, 'accept-encoding'));
}

/** Marks the answer being made as the shared one: cache rule, validator, what it varies by. */
export function markShared(c: Context<AppEnv>, settings: HttpCacheSettings): void {
  c.header('Cache-Control', `public, max-age=0, s-maxage=${settings.sharedSeconds}, stale-while-revalidate=${settings.staleSeconds}`);
  c.header('ETag', entityTag(c, gzippedHere(c)));
  // The locale and banner cookies choose the representation; nginx keys on exactly those two.
  c.header('Vary', 'Accept-Encoding, Cookie');
}

/** Marks the answer as one for this visitor only. */
export function markPrivate(c: Context<AppEnv>): void {
  c.header('Cache-Control', 'no-store');
}

/**
 * A validator for a public answer that depends on the catalogue and its own address only (the
 * partner embed's products, not the visitor's shop, language or banner): `name`, catalogue
 * version and release, `-gz` when gzipped here.
 */
export function catalogueTag(c: Context<AppEnv>, name: string): string {
  return `"${name}-${c.get('catalogVersion')}-${RELEASE}${gzippedHere(c) ? '-gz' : ''}"`;
}

/** Whether the request's If-None-Match holds `tag` (GET or HEAD only). */
export function holdsTag(c: Context<AppEnv>, tag: string): boolean {
  const ifNoneMatch = requestHeader(c, 'if-none-match');
  return ifNoneMatch !== undefined && (c.req.method === 'GET' || c.req.method === 'HEAD') && matches(ifNoneMatch, tag);
}

/** Weak comparison (RFC 9110 13.1.2): a proxy that compressed the answer made its tag weak. */
function matches(ifNoneMatch: string, tag: string): boolean {
  for (const candidate of ifNoneMatch.split(',')) {
    const trimmed = candidate.trim();
    if (trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === tag) return true;
  }
  return false;
}

/**
 * Answers 304 to a revalidation of a shared answer before anything is rendered: a visitor without
 * a stored session who holds the current tag. Only a shared answer ever carried a tag, and the same
 * address at the same version, shop, locale and banner is the same answer.
 */
export function notModified(settings: HttpCacheSettings) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const ifNoneMatch = requestHeader(c, 'if-none-match');
    const method = c.req.method;
    const session = c.get('session');
    if (!ifNoneMatch || (method !== 'GET' && method !== 'HEAD') || session.stored || session.userId !== null) return next();
    if (!matches(ifNoneMatch, entityTag(c, gzippedHere(c)))) return next();
    markShared(c, settings);
    return c.body(null, 304);
  });
}

/** The request's path and query as sent: the address a shared cache keeps the answer under. */
export function requestTarget(c: Context<AppEnv>): string {
  const url = c.req.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

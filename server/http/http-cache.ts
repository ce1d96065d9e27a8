import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bannerEdgesPassed } from '../content/banner.service';
import { acceptsGzip } from './compression';
import type { AppEnv } from './env';
import { requestHeader } from './request-header';

/**
 * HTTP caching of what every anonymous visitor sees (docs/decisions/213): a GET of a canonical
 * address from a visitor with nothing stored and not signed in is public (s-maxage and
 * stale-while-revalidate for nginx or a CDN) with a strong ETag of the catalogue version, and a
 * matching If-None-Match is a 304 before anything is rendered. Anything else is `no-store`.
 */

/** Validators from before a restart never match: a new release may render the same version differently. */
const RELEASE = randomBytes(4).toString('hex');

export interface HttpCacheSettings {
  /** s-maxage: how long a shared cache may answer without asking. */
  sharedSeconds: number;
  /** stale-while-revalidate: how long after that it may answer stale while it asks in the background. */
  staleSeconds: number;
}

const readsOnly = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD';
const anonymous = (c: Context<AppEnv>) => !c.get('session').stored && c.get('session').userId === null;
/** `-gz` when the answer is gzipped here (compression.ts decides the same way). */
const gz = (c: Context<AppEnv>) => (c.get('deps').config.compress && acceptsGzip(requestHeader(c, 'accept-encoding')) ? '-gz' : '');

/** Whether this request gets the shared answer of `canonical` (path and query exactly as sent). */
export const isSharedRequest = (c: Context<AppEnv>, canonical: string) => readsOnly(c) && anonymous(c) && requestTarget(c) === canonical;

/** Not the cookie choice: the bar is in every page and shown by the site entry (decision 243). Banner windows move no version. */
const entityTag = (c: Context<AppEnv>) => `"${c.get('catalogVersion')}.${bannerEdgesPassed(c)}-${RELEASE}-${c.get('shop').code}-${c.get('locale')}${gz(c)}"`;

/** Marks the answer being made as the shared one: cache rule, validator, what it varies by. */
export function markShared(c: Context<AppEnv>, settings: HttpCacheSettings): void {
  c.header('Cache-Control', `public, max-age=0, s-maxage=${settings.sharedSeconds}, stale-while-revalidate=${settings.staleSeconds}`);
  c.header('ETag', entityTag(c));
  // The locale and banner cookies choose the representation; nginx keys on exactly those two.
  c.header('Vary', 'Accept-Encoding, Cookie');
}

export const markPrivate = (c: Context) => c.header('Cache-Control', 'no-store');

/** A validator of a public answer that depends on the catalogue and its address only (the partner embed). */
export const catalogueTag = (c: Context<AppEnv>, name: string) => `"${name}-${c.get('catalogVersion')}-${RELEASE}${gz(c)}"`;

/** Weak comparison (RFC 9110 13.1.2): a proxy that compressed the answer made its tag weak. */
export function holdsTag(c: Context, tag: string): boolean {
  const candidates = readsOnly(c) ? (requestHeader(c, 'if-none-match')?.split(',') ?? []) : [];
  return candidates.some((candidate) => ['*', tag, `W/${tag}`].includes(candidate.trim()));
}

/** A 304 to an anonymous visitor holding the current tag: the same address at the same version, shop and locale is the same answer. */
export function notModified(settings: HttpCacheSettings) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!requestHeader(c, 'if-none-match') || !anonymous(c) || !holdsTag(c, entityTag(c))) return next();
    markShared(c, settings);
    return c.body(null, 304);
  });
}

/** The request's path and query as sent: the address a shared cache keeps the answer under. */
export function requestTarget(c: Context): string {
  const url = c.req.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

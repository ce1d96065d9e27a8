import { randomFillSync } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env';

/**
 * A strict, nonce-based Content-Security-Policy on every response: scripts and styles only from
 * this origin or carrying the per-response nonce; no plugins, no framing, forms post only here.
 * The other headers are the ones hono/secure-headers sent (its defaults, no COEP, our referrer and
 * permissions policies). They are built once here instead of per request (decision 180), and the
 * anonymous page cache (server/render/page-cache.ts) sends exactly the same list.
 */
const FIXED: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
];

export const CSP_HEADER = 'Content-Security-Policy';

/** The policy for one response; `nonce` is base64 (no quote can end the source expression). */
export function contentSecurityPolicy(nonce: string): string {
  return (
    `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data:; ` +
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
  );
}

/** Every security header of a response with this nonce, as [name, value] pairs. */
export function securityHeaderList(nonce: string): [string, string][] {
  return [...FIXED.map(([name, value]): [string, string] => [name, value]), [CSP_HEADER, contentSecurityPolicy(nonce)]];
}

/** Writes the headers into a plain header object (the page cache's answers). */
export function addSecurityHeaders(headers: Record<string, string>, nonce: string): void {
  for (const [name, value] of FIXED) headers[name] = value;
  headers[CSP_HEADER] = contentSecurityPolicy(nonce);
}

// 16 random bytes per nonce (as hono/secure-headers made them), cut from a pool filled by the
// CSPRNG 256 nonces at a time: one getRandomValues per page view cost more than the rest of a
// cached page's headers.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** A fresh base64 nonce (24 characters) for one response. */
export function newNonce(): string {
  if (used + 16 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const nonce = pool.toString('base64', used, used + 16);
  used += 16;
  return nonce;
}

export function securityHeaders() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = newNonce();
    c.set('secureHeadersNonce', nonce);
    // Set before the handler runs: they go into the response with its own headers. Set after it,
    // they would make Hono copy the finished response.
    for (const [name, value] of FIXED) c.header(name, value);
    c.header(CSP_HEADER, contentSecurityPolicy(nonce));
    await next();
    // A handler that built its own Response (not through the context) did not get them.
    const headers = c.res.headers;
    if (!headers.has(CSP_HEADER)) for (const [name, value] of securityHeaderList(nonce)) headers.set(name, value);
  });
}

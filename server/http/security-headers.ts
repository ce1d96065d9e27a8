import { imageSources } from '../content/image-rule';
import { THEME_SCRIPT_SOURCE } from '../render/theme-script';

/**
 * A strict Content-Security-Policy on every response: scripts only from this origin plus the one
 * inline theme script, allowed by its hash (server/render/theme-script.ts); styles only from this
 * origin; no plugins, no framing, forms post only here. A hash instead of a per-response nonce
 * (decision 181): 'self' was already allowed, so the nonce only ever served that one inline
 * script, and without it a page holds nothing per response. JSON-LD and the page defaults are data
 * blocks, which script-src does not govern. The other headers are the ones hono/secure-headers
 * sent (its defaults, no COEP, our referrer and permissions policies), built once; the anonymous
 * page cache (server/http/page-cache.ts) sends exactly the same list.
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

const CSP_HEADER = 'Content-Security-Policy';

/** The video provider's player origin by default (config VIDEO_EMBED_ORIGIN): the one frame a page may hold. */
export const DEFAULT_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The page policy with `imgSrc` as its img-src (imageSources() of server/content/image-rule.ts) and
 * exactly the video player's origin as its frame-src (<shop-video> loads it after a click and consent).
 */
export const contentSecurityPolicy = (imgSrc: string, frameOrigin = DEFAULT_FRAME_ORIGIN) =>
  `default-src 'self'; script-src 'self' ${THEME_SCRIPT_SOURCE}; style-src 'self'; img-src ${imgSrc}; ` +
  `font-src 'self'; connect-src 'self'; frame-src ${frameOrigin}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`;

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(imageSources([]));

/** The back office frames only its own pages: the guide editor's live preview (server/admin/content/preview.ts). */
const ADMIN_FRAMES = "'self'";
export const ADMIN_CONTENT_SECURITY_POLICY = contentSecurityPolicy(imageSources([]), ADMIN_FRAMES);

/** Every security header of a response, as [name, value] pairs. */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [...FIXED, [CSP_HEADER, CONTENT_SECURITY_POLICY]];

/**
 * JSON answers are never rendered as documents, so the document-only headers (framing, XSS
 * auditor, download, DNS prefetch, cross-domain policy, agent cluster, opener, permissions) do
 * nothing on them. They get what the OWASP REST Security cheat sheet lists: no sniffing, a
 * policy that loads and frames nothing, same-origin resource policy, referrer policy and HSTS.
 * That is ~600 bytes less on every API answer, a quarter of a 12-product list (decision 175).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
const API_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  [CSP_HEADER, API_CONTENT_SECURITY_POLICY],
];

const asFields = (list: readonly (readonly [string, string])[]): Readonly<Record<string, string>> =>
  Object.fromEntries(list.map(([name, value]) => [name.toLowerCase(), value]));

const PAGE_FIELDS = asFields(SECURITY_HEADERS);
const ADMIN_FIELDS = asFields([...FIXED, [CSP_HEADER, ADMIN_CONTENT_SECURITY_POLICY]]);
const API_FIELDS = asFields(API_SECURITY_HEADERS);

/**
 * A new record of the security headers an answer at `path` starts with, lower-case names: every
 * response's head begins with them (server/http/response-head.ts), so every answer gets them,
 * also one a handler built by hand, and a handler that sets its own policy keeps it. The page
 * cache's answers start from the same.
 */
export function securityFieldsFor(path: string): Record<string, string> {
  const fields = path.startsWith('/api/') ? API_FIELDS : path.startsWith('/admin') ? ADMIN_FIELDS : PAGE_FIELDS;
  // Copied by plain stores: an object spread of the record measured ~15 µs a request slower in the
  // shop's process, its later header stores and the adapter's for-in missing their caches (decision 196).
  const copy: Record<string, string> = {};
  for (const name in fields) copy[name] = fields[name];
  return copy;
}

/**
 * securityFieldsFor with the img-src of the operator's IMAGE_HOSTS (built once per app): the guide
 * sanitiser keeps images from those hosts, so the pages' policy must let them load (decision 215);
 * and the map tiles' origin (MAP_TILE_URL) when one is set: the pickup dialog's map (issue 23).
 */
export function securityFieldsWithImages(imageHosts: readonly string[], frameOrigin = DEFAULT_FRAME_ORIGIN, tileOrigin: string | null = null): (path: string) => Record<string, string> {
  if (imageHosts.length === 0 && frameOrigin === DEFAULT_FRAME_ORIGIN && tileOrigin === null) return securityFieldsFor;
  const csp = CSP_HEADER.toLowerCase();
  const imgSrc = tileOrigin === null ? imageSources(imageHosts) : `${imageSources(imageHosts)} ${tileOrigin}`;
  const policy = contentSecurityPolicy(imgSrc, frameOrigin);
  const adminPolicy = contentSecurityPolicy(imgSrc, ADMIN_FRAMES);
  return (path) => {
    const fields = securityFieldsFor(path);
    if (fields[csp] === CONTENT_SECURITY_POLICY) fields[csp] = policy;
    else if (fields[csp] === ADMIN_CONTENT_SECURITY_POLICY) fields[csp] = adminPolicy;
    return fields;
  };
}

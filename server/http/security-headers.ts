import { imageSources } from '../content/image-rule';
import { THEME_SCRIPT_SOURCE } from '../render/theme-script';

/**
 * The security headers every answer's head starts with (response-head.ts), lower-case names: the
 * ones hono/secure-headers sends by default (no COEP) with our referrer and permissions policies,
 * and a strict CSP that allows the one inline theme script by its hash, not a per-response nonce,
 * so a page holds nothing per response (decision 181). JSON is never rendered as a document: it
 * gets only the OWASP REST list, ~600 bytes less on every API answer (decision 175).
 */
const EVERY = {
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};
const DOCUMENT = {
  ...EVERY,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
const API: Record<string, string> = { ...EVERY, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };

/** The video provider's player origin by default (config VIDEO_EMBED_ORIGIN): the one frame a page may hold. */
const DEFAULT_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';

/** The page policy with `imgSrc` as its img-src (server/content/image-rule.ts) and the one origin a page may frame. */
const contentSecurityPolicy = (imgSrc: string, frameOrigin: string) =>
  `default-src 'self'; script-src 'self' ${THEME_SCRIPT_SOURCE}; style-src 'self'; img-src ${imgSrc}; ` +
  `font-src 'self'; connect-src 'self'; frame-src ${frameOrigin}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`;

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(imageSources([]), DEFAULT_FRAME_ORIGIN);

/**
 * The headers for a path, a new record per answer, with the img-src of the operator's IMAGE_HOSTS
 * (guide images, decision 215) and the map tiles' origin (MAP_TILE_URL, issue 23). The back office
 * frames only its own pages (the guide editor's preview).
 */
export function securityFieldsWithImages(imageHosts: readonly string[], frameOrigin = DEFAULT_FRAME_ORIGIN, tileOrigin: string | null = null) {
  const imgSrc = tileOrigin === null ? imageSources(imageHosts) : `${imageSources(imageHosts)} ${tileOrigin}`;
  const page: Record<string, string> = { ...DOCUMENT, 'content-security-policy': contentSecurityPolicy(imgSrc, frameOrigin) };
  const admin: Record<string, string> = { ...DOCUMENT, 'content-security-policy': contentSecurityPolicy(imgSrc, "'self'") };
  return (path: string): Record<string, string> => {
    const fields = path.startsWith('/api/') ? API : path.startsWith('/admin') ? admin : page;
    // Plain stores, not a spread: measured ~15 µs a request faster in the adapter (decision 196).
    const copy: Record<string, string> = {};
    for (const name in fields) copy[name] = fields[name];
    return copy;
  };
}

export const securityFieldsFor = securityFieldsWithImages([]);

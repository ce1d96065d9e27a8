/**
 * Which images editor HTML (guides, static posts) may show: the one rule behind the guide sanitiser
 * and the Content-Security-Policy's img-src (docs/decisions/215), so nothing the sanitiser keeps is
 * blocked by the browser and nothing else is loaded. Allowed are the shop's own uploads (a path on
 * this origin under one of OWN_IMAGE_PATHS, which 'self' covers) and https images from the hosts the
 * operator lists in IMAGE_HOSTS (one CSP host-source each). Pure: the config parses with it too.
 */

/** Where the shop's own images live: uploads and media routes (/data/…), and files in static/. */
export const OWN_IMAGE_PATHS = ['/data/', '/static/'] as const;

/** A DNS name as CSP host-sources take it: labels of letters, digits and hyphens, at least one dot. */
const HOST_NAME = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * IMAGE_HOSTS: "cdn.example.com, https://img.example.net" → ['cdn.example.com', 'img.example.net'];
 * null when an entry is not a plain host name (a port, a path, a wildcard, http://), so a typo stops
 * the start instead of silently allowing nothing or too much.
 */
export function parseImageHosts(value: string): string[] | null {
  const hosts: string[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim().toLowerCase().replace(/^https:\/\//, '').replace(/\/$/, '');
    if (!entry) continue;
    if (!HOST_NAME.test(entry)) return null;
    if (!hosts.includes(entry)) hosts.push(entry);
  }
  return hosts;
}

/**
 * The address an <img> of editor HTML may keep, normalised as the browser will request it, or null
 * when the rule refuses it: own paths only as root-relative paths ("/data/…", never "//host" or a
 * backslash trick), other images only https, on the default port, without credentials, from a listed host.
 */
export function allowedImageSrc(src: string, hosts: readonly string[]): string | null {
  const value = src.trim();
  if (!value) return null;
  if (value.startsWith('/')) {
    if (value.startsWith('//') || /[\\\s]/.test(value)) return null;
    let url: URL;
    try {
      url = new URL(value, 'https://shop.invalid');
    } catch {
      return null;
    }
    // Dot segments resolved first: "/data/../moje/konto" is not an upload.
    const path = `${url.pathname}${url.search}`;
    return url.host === 'shop.invalid' && OWN_IMAGE_PATHS.some((prefix) => url.pathname.startsWith(prefix)) ? path : null;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return null;
  return hosts.includes(url.hostname) ? url.href : null;
}

/** The img-src sources of the CSP: this origin, data: (the CSS's inline icons) and one https host-source per listed host. */
export function imageSources(hosts: readonly string[]): string {
  return ["'self'", 'data:', ...hosts.map((host) => `https://${host}`)].join(' ');
}

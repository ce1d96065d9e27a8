import type { Context } from 'hono';
import { localPath } from './redirect';
import { requestHeader } from './request-header';

/**
 * Where a no-JS form returns the shopper: its own local `given` path when it has one, else the page
 * it was sent from, read from a same-origin Referer (our Referrer-Policy, strict-origin-when-cross-
 * origin, sends the whole path and query on same-origin requests), else null. Product cards carry no
 * path of their own, so one card's bytes serve every list (decision 199). API paths and the `except`
 * prefixes (the handler's own pages) are never a place to come back to.
 */
export function returnPath(c: Context, given: unknown, except: readonly string[] = []): string | null {
  const own = localPath(given, '');
  if (own) return own;
  const referer = requestHeader(c, 'referer');
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.host !== requestHeader(c, 'host')) return null;
  const path = localPath(url.pathname + url.search, '');
  if (!path || path.startsWith('/api/') || except.some((prefix) => path.startsWith(prefix))) return null;
  return path;
}

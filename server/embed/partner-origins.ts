import type { Config } from '../config';
import type { Db } from '../db/client';
import { partnerOrigins } from '../settings/settings.service';

/**
 * The origins whose pages may embed the shop's widgets: the one list the embed's CORS answers read
 * (server/embed/embed.http.ts): PARTNER_ORIGINS and the origins stored in the back office's
 * settings (/admin/nastavenia), read per question so a stored change counts at once.
 */
export function embedOrigins(db: Db, config: Config): ReadonlySet<string> {
  return new Set(partnerOrigins(db, config.partnerOrigins));
}

/**
 * The partner a shopper came from ("Do košíka" in an embed adds `partner=<their host name>`), as it
 * is stored on the cart and then the order for attribution: a host name or slug, lower case, at most
 * 64 characters; anything else is no partner at all (null), never an error.
 */
export function partnerId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim().toLowerCase();
  return id.length <= 64 && /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/.test(id) ? id : null;
}

import type { Config } from '../config';
import type { Db } from '../db/client';

const fromConfig = new WeakMap<Config, ReadonlySet<string>>();

/**
 * The origins whose pages may embed the shop's widgets: the one list the embed's CORS answers read
 * (server/embed/embed.http.ts). Today PARTNER_ORIGINS; the back office's partner settings will add
 * their stored origins here (hence `db`), so no caller has to know where an origin came from.
 */
export function embedOrigins(_db: Db, config: Config): ReadonlySet<string> {
  let origins = fromConfig.get(config);
  if (!origins) fromConfig.set(config, (origins = new Set(config.partnerOrigins)));
  return origins;
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

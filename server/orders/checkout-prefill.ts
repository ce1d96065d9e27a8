import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { checkoutValuesOf, favouriteOrRecent, fillEmpty } from '../accounts/saved-address';
import { favouriteAddresses, recentAddresses } from '../accounts/saved-address.service';

/**
 * Spec 4 and 6: for ROLE_CONSUMER a fresh step-3 form starts from the favourite addresses, else
 * from the latest order's, part by part. A re-shown form (a refused submit) is the shopper's own
 * state and is never prefilled: a field they emptied stays empty. `defaults` holds only defaults
 * here (the shop's country), which a saved allowed country replaces.
 */
export function checkoutPrefill(c: Context<AppEnv>, defaults: Record<string, string>, countries: readonly string[]): Record<string, string> {
  const { userId, roles } = c.get('session');
  if (userId === null || !roles.includes('ROLE_CONSUMER')) return defaults;
  const db = c.get('deps').db;
  const saved = checkoutValuesOf(favouriteOrRecent(favouriteAddresses(db, userId), recentAddresses(db, userId)), countries);
  return fillEmpty({ ...defaults, ...(saved.country ? { country: saved.country } : {}) }, saved);
}

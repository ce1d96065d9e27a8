import type { Context } from 'hono';
import type { AppEnv } from '../http/env';

/** Whether the shopper sees wholesale (B2B) prices: the one rule behind every price, card, cart and header. */
export function isWholesale(c: Context<AppEnv>): boolean {
  return c.get('session').roles.includes('ROLE_WHOLESALE');
}

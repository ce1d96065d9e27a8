import type { ShopCode } from '../config';

/** The claim page of each storefront, in its own language; each shop also answers the other's address. */
export const CLAIM_PATH: Record<ShopCode, string> = { sk: '/reklamacia', cz: '/reklamace' };

export const CLAIM_API = '/api/claim';
export const CLAIM_TYPES_API = '/api/claim/type';

/** Where a claim with photos is posted: these bodies may exceed the shop's 1 MiB limit (server/app.ts). */
export function isClaimUpload(method: string, path: string): boolean {
  return method === 'POST' && (path === CLAIM_API || path === CLAIM_PATH.sk || path === CLAIM_PATH.cz);
}

/** The receipt page after a claim from the page (shown to the session that filed it). */
export const receiptPath = (shop: ShopCode, number: string) => `${CLAIM_PATH[shop]}/prijata/${number}`;

import type { ShopCode } from '../config';

/**
 * The withdrawal function's address in each shop's language (Art. 11a CRD asks for a function
 * the shopper finds easily; the footer of every page links it). Each shop also answers the other's
 * address with a 301 to its own, so a link copied from the other shop (or an old mail) still works.
 */
export const WITHDRAWAL_PATHS: Record<ShopCode, { form: string; receipt: string }> = {
  sk: { form: '/odstupenie-od-zmluvy', receipt: '/odstupenie-od-zmluvy/potvrdenie' },
  cz: { form: '/odstoupeni-od-smlouvy', receipt: '/odstoupeni-od-smlouvy/potvrzeni' },
};

/** Step 2 for an order whose hash the shopper holds (tracking page, account list, mails). */
export const withdrawalFormPath = (shop: ShopCode, orderHash: string) => `${WITHDRAWAL_PATHS[shop].form}/${orderHash}`;

/** The receipt page of one withdrawal, by its random public id. */
export const withdrawalReceiptPath = (shop: ShopCode, publicId: string) => `${WITHDRAWAL_PATHS[shop].receipt}/${publicId}`;

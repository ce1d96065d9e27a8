import { msg } from '../i18n/msg';

/**
 * The seller's limits and messages (spec 3 "Seller shop data", "Seller product create / Edit",
 * spec 8), without zod: the widgets bundle this file for instant feedback, the schemas use it too.
 */
export const MAX_SELLER_PRODUCTS = 10;
/** "an image under 1 MB" */
export const MAX_SELLER_IMAGE_BYTES = 1024 * 1024 - 1;
/** "max 307200 bytes (300 KB)" */
export const MAX_PRODUCT_IMAGE_BYTES = 307_200;
/** Price 0 to 100000 EUR, in cents. */
export const MAX_PRICE_CENTS = 100_000_00;
/** Pieces in stock the seller keeps (docs/decisions/253): a whole number 0 to 100 000. */
export const MAX_STOCK = 100_000;

/** The shop data's form carries an image of up to 1 MB: its body may exceed the shop's 1 MiB (server/app.ts). */
export const isSellerUpload = (method: string, path: string) => method === 'POST' && (path === '/api/seller/profile' || path === '/moje/udaje-obchodu');

export const NAME_REQUIRED = msg('Názov je povinný.');
export const FILL_REQUIRED = msg('Vyplňte povinné polia');
export const FILL_ALL_REQUIRED = msg('Vyplňte všetky povinné polia');
export const SELLER_IMAGE_SIZE = msg('Veľkosť súboru musí byť menšia ako 1MB');
export const INVALID_FILE_TYPE = msg('Neplatný typ súboru');
export const SHOP_LOCKED = msg('Obchod je schválený. Už nemôžete robiť úpravy.');
export const PRODUCT_IMAGE_SIZE = msg('Neplatná veľkosť súboru, súbor musí byť menší ako 300 KB.');
export const PRODUCT_IMAGE_TYPE = msg('Neplatný typ súboru, povolené sú iba obrázky.');
export const PRODUCT_IMAGE_LIMIT = msg('Prekročený maximálny počet súborov, najviac 1.');
export const PRICE_RANGE = msg('Cena musí byť od 0 do 100 000 €.');
export const PRICE_FORMAT = msg('Zadajte cenu v eurách, napríklad 12,50.');
export const TOO_LONG = msg('Text je príliš dlhý');
export const PRODUCT_APPROVED = msg('Produkt je schválený. Môžete upraviť iba cenu.');
/** The second line under the spec's warning: the seller's stock stays theirs after approval (decision 253). */
export const STOCK_STAYS_EDITABLE = msg('Počet kusov na sklade môžete upraviť kedykoľvek.');
export const STOCK_FORMAT = msg('Zadajte počet kusov ako celé číslo, napríklad 5.');
export const STOCK_RANGE = msg('Počet kusov musí byť od 0 do 100 000.');
export const PRODUCT_BLOCKED = msg('Tento produkt sa nedá upravovať.');
export const PRODUCT_LIMIT = msg('Môžete mať najviac 10 produktov.');

/**
 * A price as a Slovak seller types it ("12,50", "1 200,5", "12.50") or a JSON number: euros with at
 * most two decimals, 0 to 100 000; the result is cents.
 */
export function parsePrice(value: unknown): { ok: true; cents: number } | { ok: false; message: string } {
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.') : '';
  if (raw === '') return { ok: false, message: FILL_ALL_REQUIRED };
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) return { ok: false, message: PRICE_FORMAT };
  const cents = Math.round(Number(raw) * 100);
  if (cents > MAX_PRICE_CENTS) return { ok: false, message: PRICE_RANGE };
  return { ok: true, cents };
}

/**
 * Pieces in stock as a Slovak seller types them ("5", "1 200" with sk-SK grouping) or a JSON number:
 * a whole number 0 to 100 000. Empty is null (the caller decides whether it is required).
 */
export function parseStock(value: unknown): { ok: true; quantity: number | null } | { ok: false; message: string } {
  const raw = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/[\s\u00a0\u202f]/g, '') : '';
  if (raw === '') return { ok: true, quantity: null };
  if (!/^\d{1,9}$/.test(raw)) return { ok: false, message: STOCK_FORMAT };
  const quantity = Number(raw);
  if (quantity > MAX_STOCK) return { ok: false, message: STOCK_RANGE };
  return { ok: true, quantity };
}

/** Spec 3 status (visible): 4 pending, 2 approved, anything else disabled; 0 and 1 cannot be edited. */
export const PENDING = 4;
export const APPROVED = 2;
export type SellerProductStatus = 'pending' | 'approved' | 'disabled';
export const statusOf = (visible: number): SellerProductStatus => (visible === PENDING ? 'pending' : visible === APPROVED ? 'approved' : 'disabled');
export const editable = (visible: number) => visible !== 0 && visible !== 1;

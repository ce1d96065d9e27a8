import { cleanImage } from '../admin/catalogue/product-images.service';
import { ValidationError } from '../http/problem';
import {
  INVALID_FILE_TYPE,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_SELLER_IMAGE_BYTES,
  PRODUCT_IMAGE_LIMIT,
  PRODUCT_IMAGE_SIZE,
  PRODUCT_IMAGE_TYPE,
  SELLER_IMAGE_SIZE,
} from './seller-account.schemas';

/**
 * The seller's uploads, checked by their content and re-encoded by the shop's one image cleaner
 * (server/claims/claim-photos.ts through cleanImage: format by the first bytes, no markup or data
 * after the image, pixel limit, metadata dropped), with the spec's limits and messages. A zip named
 * .png, an SVG or a PNG carrying a script are all "not an image" here.
 */
export type Sent = File | undefined;

/** The form's file part: none (an empty file input sends a nameless empty part), one, or too many. */
export function filePart(value: unknown, field: string, tooMany: string): File | undefined {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const files = list.filter((v): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v && (v as File).size > 0);
  if (list.some((v) => typeof v === 'string' && v !== '')) throw new ValidationError({ [field]: INVALID_FILE_TYPE });
  if (files.length > 1) throw new ValidationError({ [field]: tooMany });
  return files[0];
}

/** Seller picture: under 1 MB, served as PNG at /data/seller/image/{id}.png. */
export async function sellerPicture(file: File): Promise<Buffer> {
  if (file.size > MAX_SELLER_IMAGE_BYTES) throw new ValidationError({ image: SELLER_IMAGE_SIZE });
  const clean = await cleanImage(file.name, new Uint8Array(await file.arrayBuffer()));
  if (!clean.ok) throw new ValidationError({ image: INVALID_FILE_TYPE });
  const { default: sharp } = await import('sharp');
  return sharp(clean.jpeg).resize({ width: 512, height: 512, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
}

/** Product picture: at most 307 200 bytes as sent, stored as the shop's product JPEG. */
export async function productPicture(file: File): Promise<Buffer> {
  const name = file.name || 'image';
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) throw new ValidationError({ image: PRODUCT_IMAGE_SIZE }, PRODUCT_IMAGE_SIZE);
  const clean = await cleanImage(name, new Uint8Array(await file.arrayBuffer()));
  if (!clean.ok) throw new ValidationError({ image: PRODUCT_IMAGE_TYPE });
  return clean.jpeg;
}

export { PRODUCT_IMAGE_LIMIT };

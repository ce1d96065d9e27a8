import type { Context } from 'hono';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { NotFoundError, ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';
import { sendWatchMails } from '../watchdog/watchdog.mail';
import { fieldErrors } from '../accounts/accounts.schemas';
import {
  createSellerProduct,
  dropUpload,
  ensureSeller,
  productImageDir,
  saveSellerProfile,
  sellerImageDir,
  storeUpload,
  updateSellerProduct,
  type ProductSave,
  type SellerProfile,
} from './seller-account.service';
import { FILL_ALL_REQUIRED, FILL_REQUIRED, PRODUCT_IMAGE_LIMIT, sellerProductSchema, sellerProfileSchema } from './seller-account.schemas';
import { filePart, productPicture, sellerPicture } from './seller-images';

/**
 * The seller's writes as both the JSON API and the no-JS forms make them: read the form (multipart
 * with an optional image), validate with the one schema, check and re-encode the image, save. Field
 * errors are a ValidationError whose detail is the spec's toast text.
 */
const userOf = (c: Context<AppEnv>) => c.get('session').userId!;

export const sellerOf = (c: Context<AppEnv>): SellerProfile => ensureSeller(c.get('deps').db, userOf(c));

export async function saveProfileFrom(c: Context<AppEnv>): Promise<SellerProfile> {
  const fields = await readBody(c, { files: true });
  const parsed = sellerProfileSchema.safeParse(fields);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error), FILL_REQUIRED);
  const { db, config } = c.get('deps');
  if (ensureSeller(db, userOf(c)).locked) return saveSellerProfile(db, userOf(c), parsed.data, null);
  const file = filePart(fields.image, 'image', PRODUCT_IMAGE_LIMIT);
  const dir = sellerImageDir(config.uploadsDir);
  const stored = file ? await storeUpload(dir, await sellerPicture(file), 'png') : null;
  try {
    return saveSellerProfile(db, userOf(c), parsed.data, stored);
  } catch (error) {
    await dropUpload(dir, stored);
    throw error;
  }
}

async function mailFired(c: Context<AppEnv>, saved: ProductSave): Promise<void> {
  if (!saved.fired.length) return;
  const { mailer, logger, config } = c.get('deps');
  await sendWatchMails(saved.fired, { mailer, logger, origins: config.origins });
}

/** Create (id null: the image required) or update (the image optional) one of the seller's products. */
export async function saveProductFrom(c: Context<AppEnv>, id: number | null): Promise<ProductSave> {
  const fields = await readBody(c, { files: true });
  const parsed = sellerProductSchema.safeParse(fields);
  const file = filePart(fields.image, 'image', PRODUCT_IMAGE_LIMIT);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (id === null && !file) errors.image = FILL_ALL_REQUIRED;
  if (id === null && parsed.success && parsed.data.quantity === null) errors.quantity = FILL_ALL_REQUIRED;
  if (!parsed.success || Object.keys(errors).length) {
    const required = Object.values(errors).includes(FILL_ALL_REQUIRED);
    throw new ValidationError(errors, required ? FILL_ALL_REQUIRED : Object.values(errors)[0]);
  }
  const { db, config, clock } = c.get('deps');
  const seller = sellerOf(c);
  const dir = productImageDir(config.uploadsDir);
  const stored = file ? await storeUpload(dir, await productPicture(file), 'jpg') : null;
  try {
    const saved = id === null ? createSellerProduct(db, clock, seller.id, parsed.data, stored!) : updateSellerProduct(db, clock, seller.id, id, parsed.data, stored);
    await mailFired(c, saved);
    return saved;
  } catch (error) {
    await dropUpload(dir, stored);
    throw error;
  }
}

/** A path id: digits only, else the product is not one of the seller's (404). */
export function productIdOf(c: Context<AppEnv>): number {
  const raw = c.req.param('id') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw new NotFoundError(msg('Produkt neexistuje'));
  return Number(raw);
}

import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { cleanPhotos, PhotoRefused } from '../../claims/claim-photos';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { audited, type Actor } from '../audit';

/**
 * Product images uploaded in the back office: checked by their content and re-encoded as JPEG by
 * the claims' photo cleaner (server/claims/claim-photos.ts: size, format by the first bytes, no
 * markup, pixel limit, metadata dropped), stored under UPLOADS_DIR/products with a random name and
 * served at the path the shop already uses for product images (productImageUrl). The product's
 * card image (products.image_filename) is its first image by position.
 */
export const productImageDir = (uploadsDir: string) => join(uploadsDir, 'products');

/** The admin's upload path: its body may be as large as a claim's (server/app.ts). */
export const isProductImageUpload = (method: string, path: string) => method === 'POST' && /^\/admin\/produkty\/\d{1,10}\/obrazky$/.test(path);

const STORED = /^[A-Za-z0-9_-]{22}\.jpg$/;

export const IMAGE_REFUSED: Record<PhotoRefused['reason'], string> = {
  size: msg('Obrázok je väčší ako 5 MB'),
  type: msg('Súbor nie je obrázok JPEG, PNG ani WebP'),
  broken: msg('Obrázok je poškodený'),
  extra: msg('Súbor obsahuje okrem obrázka aj iné údaje'),
  pixels: msg('Obrázok má príliš veľa bodov'),
  count: msg('Naraz sa dá nahrať jeden obrázok'),
};

export interface AdminImage {
  id: number;
  filename: string;
  alt: string;
  position: number;
}

const statements = perDatabase((db: Db) => {
  const c = db.$client;
  return {
    list: c.prepare<[number], AdminImage>('SELECT id, filename, alt, position FROM product_images WHERE product_id = ? ORDER BY position, id'),
    product: c.prepare<[number], { productId: number }>('SELECT product_id AS productId FROM product_images WHERE id = ?'),
    one: c.prepare<[number, number], AdminImage>('SELECT id, filename, alt, position FROM product_images WHERE id = ? AND product_id = ?'),
    insert: c.prepare(
      'INSERT INTO product_images (product_id, filename, alt, position) VALUES (?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM product_images WHERE product_id = ?))',
    ),
    update: c.prepare('UPDATE product_images SET alt = ?, position = ? WHERE id = ? AND product_id = ?'),
    remove: c.prepare('DELETE FROM product_images WHERE id = ? AND product_id = ?'),
    cover: c.prepare(
      'UPDATE products SET image_filename = (SELECT filename FROM product_images WHERE product_id = @id ORDER BY position, id LIMIT 1) WHERE id = @id',
    ),
  };
});

/** The product an image belongs to, or null. */
export const imageProduct = (db: Db, imageId: number): number | null => statements(db).product.get(imageId)?.productId ?? null;

export const productImagesOf = (db: Db, productId: number) => statements(db).list.all(productId);

/** Checks and re-encodes the bytes; a refusal is the reason's message id. */
export async function cleanImage(name: string, bytes: Uint8Array): Promise<{ ok: true; jpeg: Buffer } | { ok: false; message: string }> {
  try {
    const [clean] = await cleanPhotos([{ name, bytes }]);
    return { ok: true, jpeg: clean.jpeg };
  } catch (error) {
    if (error instanceof PhotoRefused) return { ok: false, message: IMAGE_REFUSED[error.reason] };
    throw error;
  }
}

/** Writes the file, then its row (audited); a row that does not commit takes its file away again. */
export async function addProductImage(db: Db, dir: string, actor: Actor, now: Date, productId: number, jpeg: Buffer, alt: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  const filename = `${randomBytes(16).toString('base64url')}.jpg`;
  await writeFile(join(dir, filename), jpeg, { flag: 'wx' });
  try {
    return audited(db, actor, now, () => {
      const s = statements(db);
      const id = Number(s.insert.run(productId, filename, alt, productId).lastInsertRowid);
      s.cover.run({ id: productId });
      return { value: id, audit: { section: 'catalogue', action: 'product.image-add', subject: `#${productId}`, after: { id, filename, alt } } };
    });
  } catch (error) {
    await rm(join(dir, filename), { force: true });
    throw error;
  }
}

export function updateProductImage(db: Db, actor: Actor, now: Date, productId: number, imageId: number, change: { alt: string; position: number }): boolean {
  return audited(db, actor, now, () => {
    const s = statements(db);
    const before = s.one.get(imageId, productId);
    if (!before) return { value: false, audit: null };
    s.update.run(change.alt, change.position, imageId, productId);
    s.cover.run({ id: productId });
    return { value: true, audit: { section: 'catalogue', action: 'product.image-update', subject: `#${productId}`, before, after: { ...before, ...change } } };
  });
}

/** Moves an image one place up or down by swapping positions with its neighbour (renumbered 1…n first). */
export function moveProductImage(db: Db, actor: Actor, now: Date, productId: number, imageId: number, by: -1 | 1): boolean {
  return audited(db, actor, now, () => {
    const s = statements(db);
    const list = s.list.all(productId);
    const at = list.findIndex((i) => i.id === imageId);
    const to = at + by;
    if (at < 0 || to < 0 || to >= list.length) return { value: false, audit: null };
    [list[at], list[to]] = [list[to], list[at]];
    list.forEach((image, i) => s.update.run(image.alt, i + 1, image.id, productId));
    s.cover.run({ id: productId });
    return { value: true, audit: { section: 'catalogue', action: 'product.image-move', subject: `#${productId}`, after: { order: list.map((i) => i.id) } } };
  });
}

export async function removeProductImage(db: Db, dir: string, actor: Actor, now: Date, productId: number, imageId: number): Promise<boolean> {
  const removed = audited(db, actor, now, () => {
    const s = statements(db);
    const before = s.one.get(imageId, productId);
    if (!before) return { value: null, audit: null };
    s.remove.run(imageId, productId);
    s.cover.run({ id: productId });
    return { value: before, audit: { section: 'catalogue', action: 'product.image-remove', subject: `#${productId}`, before } };
  });
  if (removed && STORED.test(removed.filename)) await rm(join(dir, removed.filename), { force: true });
  return removed !== null;
}

/** Serves uploaded product images at the shop's image path (the drawn demo SVGs keep theirs). */
export function productImageFiles(uploadsDir: string) {
  const app = new Hono();
  app.get('/data/product/image/medium/sk/:file{[A-Za-z0-9_-]{22}\\.jpg}', async (c, next) => {
    try {
      const bytes = await readFile(join(productImageDir(uploadsDir), c.req.param('file')));
      return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' });
    } catch {
      return next();
    }
  });
  return app;
}

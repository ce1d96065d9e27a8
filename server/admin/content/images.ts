import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { cleanPhotos, PhotoRefused } from '../../claims/claim-photos';
import { PHOTO_MESSAGES } from '../../claims/claims.schemas';
import type { AppEnv } from '../../http/env';

/**
 * Images of guides and banners uploaded in the back office: checked by their content and written
 * anew as JPEG by sharp (the claim photos' checks, server/claims/claim-photos.ts), stored under
 * UPLOADS_DIR/content/ by their hash, and served from the shop's own paths.
 */
export type ImageKind = 'blog' | 'banner';

const FILE = /^[a-f0-9]{32}\.jpg$/;

export const imageUrl = (kind: ImageKind, file: string) => (kind === 'blog' ? `/data/blog/image/${file}` : `/data/banner/${file}`);

const folder = (uploadsDir: string) => join(uploadsDir, 'content');

/** A posted file part, or null when none was chosen (an empty file input sends a nameless empty part). */
export function chosenFile(value: unknown): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

/** Checks and re-encodes the image; its stored file name, or the translated-later message id and values. */
export async function storeImage(uploadsDir: string, file: File): Promise<{ ok: true; file: string } | { ok: false; message: string; values: Record<string, string> }> {
  try {
    const [clean] = await cleanPhotos([{ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }]);
    const name = `${createHash('sha256').update(clean.jpeg).digest('hex').slice(0, 32)}.jpg`;
    await mkdir(folder(uploadsDir), { recursive: true });
    await writeFile(join(folder(uploadsDir), name), clean.jpeg);
    return { ok: true, file: name };
  } catch (error) {
    if (error instanceof PhotoRefused) return { ok: false, message: PHOTO_MESSAGES[error.reason], values: { name: file.name.slice(0, 100) } };
    throw error;
  }
}

/** Serves stored images at /data/blog/image/<hash>.jpg and /data/banner/<hash>.jpg (the demo's drawn SVGs keep their own route). */
export function contentImages(uploadsDir: string) {
  const app = new Hono<AppEnv>();
  const serve = async (file: string) => {
    if (!FILE.test(file)) return null;
    const bytes = await readFile(join(folder(uploadsDir), file)).catch(() => null);
    if (!bytes) return null;
    return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=31536000, immutable' } });
  };
  app.get('/data/blog/image/:file', async (c, next) => (await serve(c.req.param('file'))) ?? next());
  app.get('/data/banner/:file', async (c, next) => (await serve(c.req.param('file'))) ?? next());
  return app;
}

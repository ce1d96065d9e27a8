import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CleanPhoto } from './claim-photos';

export interface StoredPhoto {
  file: string;
  width: number;
  height: number;
  bytes: number;
}

/** Claim photos live in UPLOADS_DIR/claims, outside static/: nothing serves them as files. */
export const claimPhotoDir = (uploadsDir: string) => join(uploadsDir, 'claims');

/**
 * Writes re-encoded photos under random names (128 bits: unguessable, never the shopper's name);
 * 'wx' never overwrites. Written before the claim's transaction, removed again when it does not
 * commit (removePhotos), so a refused or replayed claim leaves no file behind.
 */
export async function storePhotos(dir: string, photos: CleanPhoto[]): Promise<StoredPhoto[]> {
  if (photos.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const stored: StoredPhoto[] = [];
  try {
    for (const photo of photos) {
      const file = `${randomBytes(16).toString('base64url')}.jpg`;
      await writeFile(join(dir, file), photo.jpeg, { flag: 'wx' });
      stored.push({ file, width: photo.width, height: photo.height, bytes: photo.jpeg.length });
    }
  } catch (error) {
    await removePhotos(dir, stored);
    throw error;
  }
  return stored;
}

export async function removePhotos(dir: string, photos: { file: string }[]): Promise<void> {
  await Promise.all(photos.map((p) => rm(join(dir, p.file), { force: true })));
}

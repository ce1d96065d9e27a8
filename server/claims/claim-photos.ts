import type { Metadata } from 'sharp';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTOS, PHOTO_MESSAGES } from './claims.schemas';

/** A file part of the claim form as sent: what the shopper's device called it and its bytes. */
export interface SentPhoto {
  name: string;
  bytes: Uint8Array;
}

/** A photo as the shop keeps it: re-encoded JPEG without metadata. */
export interface CleanPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** Why a photo was refused: a message id of PHOTO_MESSAGES and the file's name for it. */
export class PhotoRefused extends Error {
  constructor(
    readonly reason: keyof typeof PHOTO_MESSAGES,
    readonly fileName: string,
  ) {
    super(`${reason}: ${fileName}`);
  }
}

/** The longest side kept: enough to judge a defect, and a stored photo stays small. */
const LONGEST_SIDE = 2560;

type Format = 'jpeg' | 'png' | 'webp';

const startsWith = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);

/** The format by the file's first bytes; the name and the declared type say nothing. */
function sniff(b: Uint8Array): Format | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * Where the image's own structure ends: after PNG's IEND chunk, after WebP's RIFF length; null when
 * the structure runs past the file (truncated). JPEG is not measured: phones (Samsung's trailer,
 * Google's motion photos) append data after the image, and re-encoding drops it anyway.
 */
function imageEnd(b: Uint8Array, format: Format): number | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (format === 'webp') {
    const end = 8 + view.getUint32(4, true);
    return end <= b.length ? end + (end % 2) : null;
  }
  if (format === 'png') {
    for (let at = 8; at + 12 <= b.length; ) {
      const next = at + 12 + view.getUint32(at);
      if (startsWith(b, [0x49, 0x45, 0x4e, 0x44], at + 4)) return next <= b.length ? next : null;
      at = next;
    }
    return null;
  }
  return b.length;
}

/**
 * Web page or script code inside a picture: a polyglot (a file that is also HTML, SVG or PHP) or
 * a payload hidden in metadata. Re-encoding would drop it, but such a file is no camera's photo.
 */
const MARKUP = ['<script', '<html', '<body', '<svg', '<iframe', '<?php', '<!doctype', 'javascript:'];
function holdsMarkup(b: Uint8Array): boolean {
  const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1').toLowerCase();
  return MARKUP.some((m) => text.includes(m));
}

/** What the bytes alone tell (no decoding): size, format, nothing after the image, no markup. */
function precheck({ name, bytes }: SentPhoto): Format {
  if (bytes.length > MAX_PHOTO_BYTES) throw new PhotoRefused('size', name);
  const format = sniff(bytes);
  if (!format) throw new PhotoRefused('type', name);
  const end = imageEnd(bytes, format);
  if (end === null) throw new PhotoRefused('broken', name);
  if (end < bytes.length || holdsMarkup(bytes)) throw new PhotoRefused('extra', name);
  return format;
}

/**
 * Decodes with sharp (libvips) and writes the photo anew as a JPEG, turned upright, without EXIF,
 * GPS or any other metadata, so nothing the shopper's file carried besides its pixels is stored.
 * The pixel count is read from the header and checked before anything is decoded.
 */
async function reencode({ name, bytes }: SentPhoto, format: Format): Promise<CleanPhoto> {
  // libvips is loaded by the first upload, not at start (most processes never decode an image).
  const { default: sharp } = await import('sharp');
  const input = (limitInputPixels: number | false) => sharp(bytes, { limitInputPixels, failOn: 'error', sequentialRead: true });
  let meta: Metadata;
  try {
    // The header only: sharp's own limit would refuse a bomb here as "broken", not as too many pixels.
    meta = await input(false).metadata();
  } catch {
    throw new PhotoRefused('broken', name);
  }
  if (meta.format !== format) throw new PhotoRefused('type', name);
  if (!meta.width || !meta.height) throw new PhotoRefused('broken', name);
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw new PhotoRefused('pixels', name);
  try {
    const { data, info } = await input(MAX_PHOTO_PIXELS)
      .rotate()
      .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    throw new PhotoRefused('broken', name);
  }
}

/** The checks that need no decoding, for every photo (cheap: run before the order is looked up). */
export function precheckPhotos(photos: SentPhoto[]): void {
  if (photos.length > MAX_PHOTOS) throw new PhotoRefused('count', '');
  photos.forEach(precheck);
}

/**
 * Checks every photo by its content and re-encodes it, one decode at a time (bounds the memory a
 * claim takes). The first refusal ends it; nothing is written here.
 */
export async function cleanPhotos(photos: SentPhoto[]): Promise<CleanPhoto[]> {
  if (photos.length > MAX_PHOTOS) throw new PhotoRefused('count', '');
  const clean: CleanPhoto[] = [];
  for (const photo of photos) clean.push(await reencode(photo, precheck(photo)));
  return clean;
}

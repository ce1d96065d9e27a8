import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { claimPhotoDir } from '../../server/claims/photo-store';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { Browser } from './accounts.client';

export { CZ_HOST, SK_HOST, placeOrder } from './payments-helpers';

export const OPERATOR = 'reklamacie@obchod.sk';

/** A test shop whose uploads go to a temporary folder of its own. */
export function claimShop(): TestShop & { uploads: string; photoDir: string } {
  const uploads = mkdtempSync(join(tmpdir(), 'obchod-claims-'));
  const shop = createTestShop({ products: 20, env: { UPLOADS_DIR: uploads, MAIL_OPERATOR: OPERATOR } });
  const closeShop = shop.close;
  return Object.assign(shop, {
    uploads,
    photoDir: claimPhotoDir(uploads),
    close: () => {
      closeShop();
      rmSync(uploads, { recursive: true, force: true });
    },
  });
}

/** Files in the claim photo folder (none before the first stored photo). */
export function storedFiles(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

export const claimCount = (shop: TestShop) => (shop.db.$client.prepare('SELECT COUNT(*) AS n FROM claims').get() as { n: number }).n;
export const photoRows = (shop: TestShop) => (shop.db.$client.prepare('SELECT COUNT(*) AS n FROM claim_photos').get() as { n: number }).n;

export interface Photo {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/**
 * A claim sent as the browser's form or an API client sends it: multipart with the photos, from the
 * browser's own client address (the claim limit counts per address), CSRF token as `_csrf`.
 */
export async function sendClaim(
  shop: TestShop,
  b: Browser,
  path: string,
  fields: Record<string, string>,
  photos: Photo[] = [],
  options: { host?: string; headers?: Record<string, string> } = {},
) {
  const host = options.host ?? '127.0.0.1:3000';
  await b.holdToken({ host });
  const form = new FormData();
  form.append('_csrf', b.csrf);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of photos) form.append('photos', new File([new Uint8Array(p.bytes)], p.name, { type: p.type ?? 'image/jpeg' }));
  const response = await shop.app.request(
    path,
    { method: 'POST', body: form, headers: b.headers({ host, ...options.headers }), redirect: 'manual' },
    { incoming: { socket: { remoteAddress: b.address } } },
  );
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null;
  const doc = (response.headers.get('content-type') ?? '').includes('text/html') ? parseHtml(text) : null;
  return { response, status: response.status, text, json, doc, location: response.headers.get('location') };
}

/** The same request body twice in a problem's JSON, without the per-request id. */
export const withoutRequestId = (json: Record<string, unknown>) => ({ ...json, requestId: undefined });

// ── photos ─────────────────────────────────────────────────────────────────────────────────────

/** A phone-like JPEG carrying EXIF (maker, GPS-ish text) that must not survive re-encoding. */
export function cameraJpeg(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .withExif({ IFD0: { Make: 'SecretPhone', Model: 'X1', Copyright: 'GPS 48.1486 17.1077' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export const pngPhoto = () => sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } }).png().toBuffer();
export const webpPhoto = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#0a0' } }).webp().toBuffer();

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A valid 20000 × 20000 one-bit PNG of ~50 KB that decodes to 400 megapixels. */
export function pixelBomb(side = 20000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((side / 8 + 1) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A zip archive (one stored file), to be named .png. */
export function zipArchive(): Buffer {
  const name = Buffer.from('payload.txt');
  const data = Buffer.from('not a picture');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return Buffer.concat([local, name, data, end]);
}

export const svgImage = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');

/** A JPEG whose comment segment holds a web page: a JPEG/HTML polyglot. */
export async function polyglotJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg().toBuffer();
  const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(html.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, html, jpeg.subarray(2)]);
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../server/claims/claims.schemas';
import { Browser } from './accounts.client';
import {
  cameraJpeg,
  claimCount,
  claimShop,
  CZ_HOST,
  photoRows,
  pixelBomb,
  placeOrder,
  pngPhoto,
  polyglotJpeg,
  sendClaim,
  storedFiles,
  svgImage,
  webpPhoto,
  zipArchive,
  type Photo,
} from './claims.helpers';
import type { PlacedOrder } from './payments-helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let shop: ReturnType<typeof claimShop>;
let order: PlacedOrder;
let czOrder: PlacedOrder;
let type: string;

beforeAll(async () => {
  shop = claimShop();
  order = await placeOrder(shop, new Browser(shop), { payment: 1 });
  czOrder = await placeOrder(shop, new Browser(shop), { payment: 1, host: CZ_HOST });
  type = String((shop.db.$client.prepare("SELECT id FROM claim_types WHERE code = 'transport'").get() as { id: number }).id);
});
afterAll(() => shop.close());

const claimWith = (photos: Photo[], host?: string) =>
  sendClaim(shop, new Browser(shop), '/api/claim', { purchase: host ? czOrder.hash : order.hash, note: 'Rozbité.', type }, photos, { host });

/** Every refusal: a 400 naming the photos field, no claim row, no photo row, no file. */
async function refused(photos: Photo[], message: string) {
  const before = { claims: claimCount(shop), rows: photoRows(shop), files: storedFiles(shop.photoDir).length };
  const sent = await claimWith(photos);
  expect(sent.status, sent.text).toBe(400);
  expect(sent.json.errors).toEqual({ photos: message });
  expect(sent.json.detail).toBe('Reklamáciu poškodenia sa nepodarilo odoslať. Skontrolujte označené údaje a priložte fotografie obalu aj tovaru.');
  expect({ claims: claimCount(shop), rows: photoRows(shop), files: storedFiles(shop.photoDir).length }).toEqual(before);
  return sent;
}

describe('photos accepted', () => {
  it('takes JPEG, PNG and WebP by their content, whatever their names say, and stores each as a clean JPEG', async () => {
    const photos = [
      { name: 'kamera.jpg', bytes: await cameraJpeg(800, 600) },
      { name: 'obrazovka.webp', bytes: await pngPhoto(), type: 'image/webp' },
      { name: 'foto', bytes: await webpPhoto(), type: 'application/octet-stream' },
    ];
    const sent = await claimWith(photos);
    expect(sent.status, sent.text).toBe(201);
    const files = shop.db.$client
      .prepare('SELECT p.file, p.width, p.height FROM claim_photos p JOIN claims c ON c.id = p.claim_id WHERE c.number = ? ORDER BY p.id')
      .all(sent.json.number) as { file: string; width: number; height: number }[];
    expect(files.map((f) => [f.width, f.height])).toEqual([[800, 600], [640, 480], [320, 240]]);
    for (const f of files) {
      const meta = await sharp(readFileSync(join(shop.photoDir, f.file))).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
  });

  it('accepts a photo of exactly 5 MB: the limit is inclusive, and what phones append after a JPEG is dropped', async () => {
    const jpeg = await cameraJpeg(1600, 1200);
    const padded = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES - jpeg.length)]);
    expect(padded.length).toBe(MAX_PHOTO_BYTES);
    const sent = await claimWith([{ name: 'presne.jpg', bytes: padded }]);
    expect(sent.status, sent.text).toBe(201);
    const [{ bytes }] = shop.db.$client.prepare('SELECT p.bytes FROM claim_photos p JOIN claims c ON c.id = p.claim_id WHERE c.number = ?').all(sent.json.number) as { bytes: number }[];
    expect(bytes).toBeLessThan(jpeg.length);
  });
});

describe('photos refused, nothing stored', () => {
  it('a photo of 5 MB + 1 byte', async () => {
    const jpeg = await cameraJpeg(1600, 1200);
    const padded = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES + 1 - jpeg.length)]);
    await refused([{ name: 'velka.jpg', bytes: padded }], 'Fotografia velka.jpg je väčšia ako 5 MB.');
  });

  it('six photos', async () => {
    const one = await cameraJpeg(100, 100);
    await refused(Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, bytes: one })), 'Priložte najviac 5 fotografií.');
  });

  it('a zip archive renamed to .png', async () => {
    await refused([{ name: 'fotka.png', bytes: zipArchive(), type: 'image/png' }], 'Súbor fotka.png nie je fotografia vo formáte JPEG, PNG alebo WebP.');
  });

  it('an SVG (a picture that is also a script)', async () => {
    await refused([{ name: 'obrazok.svg', bytes: svgImage(), type: 'image/svg+xml' }], 'Súbor obrazok.svg nie je fotografia vo formáte JPEG, PNG alebo WebP.');
  });

  it('a PNG with a script appended after its end', async () => {
    const png = Buffer.concat([await pngPhoto(), Buffer.from('<script>alert(document.cookie)</script>')]);
    await refused([{ name: 'screen.png', bytes: png, type: 'image/png' }], 'Súbor screen.png obsahuje okrem obrázka aj iné údaje, napríklad skript. Pošlite, prosím, fotografiu priamo z fotoaparátu.');
  });

  it('a PNG with a zip appended (a PNG/ZIP polyglot)', async () => {
    const png = Buffer.concat([await pngPhoto(), zipArchive()]);
    await refused([{ name: 'a.png', bytes: png }], 'Súbor a.png obsahuje okrem obrázka aj iné údaje, napríklad skript. Pošlite, prosím, fotografiu priamo z fotoaparátu.');
  });

  it('a JPEG that is also a web page (JPEG/HTML polyglot)', async () => {
    await refused([{ name: 'p.jpg', bytes: await polyglotJpeg() }], 'Súbor p.jpg obsahuje okrem obrázka aj iné údaje, napríklad skript. Pošlite, prosím, fotografiu priamo z fotoaparátu.');
  });

  it('a pixel bomb: a 50 KB PNG of 20000 × 20000 pixels, refused before it is decoded', async () => {
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(100_000);
    await refused([{ name: 'bomba.png', bytes: bomb, type: 'image/png' }], 'Fotografia bomba.png má príliš veľa pixelov (najviac 50 megapixelov).');
  });

  it('a truncated photo', async () => {
    const jpeg = await cameraJpeg(400, 300);
    await refused([{ name: 'kus.jpg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }], 'Fotografiu kus.jpg sa nepodarilo prečítať. Je celá?');
    const png = await pngPhoto();
    await refused([{ name: 'kus.png', bytes: png.subarray(0, png.length - 20) }], 'Fotografiu kus.png sa nepodarilo prečítať. Je celá?');
  });

  it('one bad photo among good ones keeps none of them', async () => {
    const good = await cameraJpeg(300, 300);
    await refused(
      [
        { name: 'ok.jpg', bytes: good },
        { name: 'ok2.jpg', bytes: good },
        { name: 'zla.png', bytes: svgImage() },
      ],
      'Súbor zla.png nie je fotografia vo formáte JPEG, PNG alebo WebP.',
    );
  });

  it('names the file in the shopper’s language, escaped on the page', async () => {
    const cz = await claimWith([{ name: '{x}<b>.png', bytes: zipArchive() }], CZ_HOST);
    expect(cz.status).toBe(400);
    expect(cz.json.errors.photos).toBe('Soubor {x}<b>.png není fotografie ve formátu JPEG, PNG nebo WebP.');
    const page = await sendClaim(shop, new Browser(shop), '/reklamace', { purchase: czOrder.hash, note: 'x', type }, [{ name: '<img src=x>.png', bytes: zipArchive() }], { host: CZ_HOST });
    expect(page.status).toBe(400);
    expect(page.text).not.toContain('<img src=x>');
    expect(page.doc!.querySelector('#f-photos-error')!.textContent).toBe('Soubor <img src=x>.png není fotografie ve formátu JPEG, PNG nebo WebP.');
    expect(page.doc!.querySelector('[data-field="photos-lost"]')!.textContent).toBe('Fotografie jsme neuložili, vyberte je prosím znovu.');
  });
});

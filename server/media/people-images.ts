import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * Demo pictures of people and shops, drawn on request like placeholder-image.ts: a seller's shop
 * front as a real PNG (the spec fixes /data/seller/image/{id}.png) and reviewers' avatars as SVG.
 */
const TONES: [number, number, number][] = [
  [219, 39, 119], [3, 105, 161], [21, 128, 61], [161, 98, 7], [109, 40, 217], [194, 65, 12], [51, 65, 85], [162, 28, 175],
];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const SIZE = 128;

/** A shop front (striped awning, window, door) in a colour chosen by the seller id; 128 × 128 PNG. */
export function drawSellerPng(id: number): Buffer {
  const [r, g, b] = TONES[createHash('sha1').update(`seller:${id}`).digest()[0] % TONES.length];
  const pale: [number, number, number] = [Math.round(r + (255 - r) * 0.85), Math.round(g + (255 - g) * 0.85), Math.round(b + (255 - b) * 0.85)];
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 3);
    for (let x = 0; x < SIZE; x++) {
      let px: [number, number, number] = pale;
      const inside = x >= 20 && x < 108;
      if (inside && y >= 24 && y < 44) px = Math.floor((x - 20) / 11) % 2 === 0 ? [r, g, b] : [255, 255, 255];
      else if (inside && y >= 44 && y < 108) {
        px = [255, 255, 255];
        if (x >= 30 && x < 60 && y >= 56 && y < 84) px = pale;
        if (x >= 72 && x < 96 && y >= 60 && y < 108) px = [r, g, b];
      }
      row.set(px, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A round avatar with a head-and-shoulders silhouette, coloured by the file name; 80 × 80 SVG. */
export function drawAvatar(name: string): string {
  const [r, g, b] = TONES[createHash('sha1').update(name).digest()[0] % TONES.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">` +
    `<circle cx="40" cy="40" r="40" fill="rgb(${r},${g},${b})"/>` +
    `<circle cx="40" cy="32" r="14" fill="#fff" opacity=".9"/><path d="M14 70a26 22 0 0 1 52 0z" fill="#fff" opacity=".9"/></svg>`
  );
}

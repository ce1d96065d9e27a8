import { createHash } from 'node:crypto';
import { pictureElements, readPictureFile } from './product-pictures';

/**
 * Demo product pictures, drawn from the file name so the seeded shop needs no downloads and no
 * files on disk: a soft background, a line drawing of the product's kind and a shadow, 600 × 600.
 */
const PALETTE = ['#fce7f3', '#e0f2fe', '#dcfce7', '#fef9c3', '#ede9fe', '#ffedd5', '#f1f5f9', '#fae8ff'];
const INK = ['#be185d', '#0369a1', '#15803d', '#a16207', '#6d28d9', '#c2410c', '#334155', '#a21caf'];

const SHAPES = [
  (ink: string) => `<rect x="190" y="150" width="220" height="300" rx="28" fill="${ink}"/><rect x="240" y="110" width="120" height="60" rx="12" fill="${ink}" opacity=".8"/>`,
  (ink: string) => `<circle cx="300" cy="300" r="150" fill="${ink}"/><circle cx="300" cy="300" r="70" fill="#fff" opacity=".35"/>`,
  (ink: string) => `<path d="M300 120 L460 440 H140 Z" fill="${ink}"/>`,
  (ink: string) => `<rect x="150" y="200" width="300" height="220" rx="16" fill="${ink}"/><path d="M210 200 a90 90 0 0 1 180 0" stroke="${ink}" stroke-width="22" fill="none"/>`,
  (ink: string) => `<rect x="245" y="110" width="110" height="340" rx="50" fill="${ink}"/><rect x="270" y="80" width="60" height="50" rx="8" fill="${ink}" opacity=".7"/>`,
];

/** The gallery's pictures of one product turn a little, as photos from different sides would. */
const TURNS = [0, -8, 8, -4, 4];

export function drawProductImage(name: string): string {
  const read = readPictureFile(name);
  if (read) {
    const { owner, picture, n } = read;
    // The tone follows the product, so all its pictures share one; a coloured product is drawn in its colour.
    const tone = createHash('sha1').update(owner).digest()[0] % PALETTE.length;
    const paint = picture.colour ? `fill="${picture.colour}" stroke="#1f2937"` : `fill="none" stroke="${INK[tone]}"`;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">` +
      `<rect width="600" height="600" fill="${PALETTE[tone]}"/><circle cx="300" cy="285" r="215" fill="#fff" opacity=".45"/>` +
      `<ellipse cx="300" cy="500" rx="170" ry="20" fill="#000" opacity=".08"/>` +
      `<g transform="rotate(${TURNS[(n - 1) % TURNS.length]} 300 285) translate(132 117) scale(14)" ${paint} stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">` +
      `${pictureElements(picture.kind)}</g></svg>`
    );
  }
  // A name without a kind (a row written before pictures had one): a plain silhouette.
  const digest = createHash('sha1').update(name).digest();
  const tone = digest[0] % PALETTE.length;
  const shape = SHAPES[digest[1] % SHAPES.length](INK[tone]);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">` +
    `<rect width="600" height="600" fill="${PALETTE[tone]}"/>` +
    `<ellipse cx="300" cy="490" rx="170" ry="22" fill="#000" opacity=".08"/>${shape}</svg>`
  );
}

/**
 * Demo banners, drawn from the file name like the product pictures: a wide gradient with soft
 * shapes; "-mobile" names are 600 × 300, every other one 1200 × 300 (the carousel's boxes). Background
 * art only: the banner's headline, text and call to action are HTML over it (never drawn in), so
 * the shapes stay calm and keep to the right, away from the copy's panel on the left.
 */
export function drawBannerImage(name: string): string {
  const digest = createHash('sha1').update(name).digest();
  const tone = digest[0] % PALETTE.length;
  const accent = INK[(tone + 1 + (digest[1] % (INK.length - 1))) % INK.length];
  const [w, h] = name.endsWith('-mobile.svg') ? [600, 300] : [1200, 300];
  const r = 60 + (digest[2] % 80);
  const x = Math.round(w * (0.55 + (digest[3] % 30) / 100));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PALETTE[tone]}"/><stop offset="1" stop-color="${INK[tone]}" stop-opacity=".35"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${x}" cy="${h / 2}" r="${r}" fill="${accent}" opacity=".35"/>` +
    `<circle cx="${x + r}" cy="${h / 3}" r="${Math.round(r / 2)}" fill="${INK[tone]}" opacity=".25"/></svg>`
  );
}

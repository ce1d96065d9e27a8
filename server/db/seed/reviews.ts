import type Database from 'better-sqlite3';
import { DAY, MINUTE, SEED_BASE_TIME, type Rng } from './random';

const FIRST = ['Jana', 'Peter', 'Mária', 'Martin', 'Katarína', 'Tomáš', 'Zuzana', 'Michal', 'Lucia', 'Juraj', 'Eva', 'Marek', 'Veronika', 'Ján', 'Anna', 'Lukáš', 'Monika', 'Pavol', 'Ivana', 'Róbert'];
const INITIALS = 'ABČDHKLMNPRSŠTVZŽ';
const OPENERS = [
  'Som veľmi spokojná s kúpou.',
  'Produkt prišiel rýchlo a dobre zabalený.',
  'Kupoval som ako darček a zatiaľ žiadne sťažnosti.',
  'Používame to doma už niekoľko týždňov.',
  'Na prvý pohľad pôsobí kvalitne.',
  'Očakávala som trochu viac, ale za túto cenu je to v poriadku.',
];
const MIDDLES = [
  'Spracovanie je solídne a nič sa neuvoľnilo ani po častom používaní.',
  'Veľkosť presne zodpovedá popisu, takže žiadne prekvapenie.',
  'Údržba je jednoduchá, stačí opláchnuť teplou vodou.',
  'Farba je v skutočnosti o niečo tmavšia ako na fotke, ale vôbec to nevadí.',
  'Oceňujem, že balenie neobsahovalo zbytočné plasty.',
  'Doručenie trvalo dva dni a kuriér bol ochotný.',
  'Návod je v slovenčine a je napísaný zrozumiteľne.',
];
const CLOSERS = ['Odporúčam.', 'Kúpila by som znova.', 'Za tú cenu výborná voľba.', 'Uvidíme, ako vydrží dlhodobo.', 'Celkovo spokojnosť.'];
const PROS = ['kvalitné spracovanie', 'rýchle doručenie', 'dobrá cena', 'jednoduchá údržba', 'pekný dizajn', 'ľahká manipulácia'];
const CONS = ['vyššia hmotnosť', 'chýba obal na uskladnenie', 'krátky kábel', 'návod by mohol byť podrobnejší', 'farba mierne odlišná'];

const YEAR_MINUTES = 365 * 24 * 60;

function text(r: Rng, long: boolean): string {
  const parts = [r.pick(OPENERS), ...r.sample(MIDDLES, long ? r.int(3, 5) : r.int(0, 1)), r.pick(CLOSERS)];
  return parts.join(' ');
}

/**
 * Reviews for about 30 % of the top-level products (0–12 each, ratings skewed positive); product 1
 * always has 12, so every demo shop shows "load more" and a long, expandable text. Deterministic:
 * the same products give the same reviews.
 */
export function seedReviews(sqlite: Database.Database, r: Rng): number {
  const ids = sqlite.prepare('SELECT id FROM products WHERE parent_id IS NULL ORDER BY id').pluck().all() as number[];
  const insert = sqlite.prepare(
    'INSERT INTO reviews (id, product_id, name, text, pros, cons, rating, recommends, avatar, visible, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  let id = 0;
  for (const productId of ids) {
    const count = productId === 1 ? 12 : r.chance(0.3) ? r.weighted([0, 1, 2, 3, 4, 5, 6, 8, 10, 12], [4, 20, 18, 14, 11, 9, 8, 7, 5, 4]) : 0;
    for (let n = 0; n < count; n++) {
      const rating = r.weighted([1, 2, 3, 4, 5], [4, 5, 11, 30, 50]);
      const recommends = r.chance(0.2) ? null : rating >= 4 ? 1 : rating <= 2 ? 0 : r.chance(0.5) ? 1 : 0;
      const long = (productId === 1 && n === 0) || r.chance(0.35);
      const reviewId = ++id;
      insert.run(
        reviewId, productId, `${r.pick(FIRST)} ${INITIALS[r.int(0, INITIALS.length - 1)]}.`, text(r, long),
        r.chance(0.6) ? r.sample(PROS, r.int(1, 3)).join(', ') : '', r.chance(0.4) ? r.sample(CONS, r.int(1, 2)).join(', ') : '',
        rating, recommends, r.chance(0.3) ? `a${String(reviewId).padStart(6, '0')}.svg` : null,
        // A few wait for moderation; product 1's stay visible so its count is known.
        productId !== 1 && r.chance(0.03) ? 0 : 1,
        SEED_BASE_TIME - DAY - r.int(0, YEAR_MINUTES) * MINUTE,
      );
    }
  }
  return id;
}

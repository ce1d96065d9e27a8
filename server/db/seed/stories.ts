import type Database from 'better-sqlite3';
import { SEED_BASE_TIME } from './random';

/** The demo story author (ROLE_STORY): no password; password recovery (/obnovenie) sets one. */
export const DEMO_STORY_AUTHOR = 'raketak@obchod.sk';

const DEMO: { slug: string; title: string; body: string; status: 'approved' | 'pending' }[] = [
  {
    slug: 'vikend-na-balkone',
    title: 'Víkend na balkóne',
    body: 'Z malého balkóna sme za jeden víkend urobili miesto na raňajky.\nStačilo pár vecí z obchodu a trochu trpezlivosti.',
    status: 'approved',
  },
  {
    slug: 'jesenne-upratovanie',
    title: 'Jesenné upratovanie',
    body: 'Čo nám pomohlo pripraviť záhradu na zimu.',
    status: 'pending',
  },
];

/**
 * Rakeťák's demo (docs/decisions/245): one story author with an approved story (the home page's
 * strip shows it to a newcomer) and one waiting in /admin/pribehy, each linking two offered
 * products. Kept when the author exists already (a catalogue reseed leaves people's rows).
 */
export function seedStories(sqlite: Database.Database): void {
  if (sqlite.prepare('SELECT 1 FROM users WHERE email = ?').get(DEMO_STORY_AUTHOR)) return;
  const userId = Number(
    sqlite
      .prepare("INSERT INTO users (email, password_hash, roles, requested_type, status, created_at) VALUES (?, NULL, ?, 'consumer', 'active', ?)")
      .run(DEMO_STORY_AUTHOR, JSON.stringify(['ROLE_CONSUMER', 'ROLE_STORY']), SEED_BASE_TIME).lastInsertRowid,
  );
  const products = sqlite.prepare('SELECT id FROM products WHERE visible = 2 AND parent_id IS NULL ORDER BY id LIMIT 4').pluck().all() as number[];
  const insert = sqlite.prepare(
    'INSERT INTO stories (user_id, slug, title, body, image, status, created_at, updated_at, submitted_at, approved_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)',
  );
  const link = sqlite.prepare('INSERT INTO story_products (story_id, product_id, position) VALUES (?, ?, ?)');
  DEMO.forEach((story, i) => {
    const at = SEED_BASE_TIME - (i + 1) * 3_600_000;
    const id = Number(insert.run(userId, story.slug, story.title, story.body, story.status, at, at, at, story.status === 'approved' ? at : null).lastInsertRowid);
    products.slice(i * 2, i * 2 + 2).forEach((productId, position) => link.run(id, productId, position + 1));
  });
}

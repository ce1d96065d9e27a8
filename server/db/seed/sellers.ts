import type Database from 'better-sqlite3';
import { DAY, SEED_BASE_TIME } from './random';
import { slugify } from './slug';

/** Marketplace sellers of the demo; the last one has applied but is not approved yet. */
const SELLERS = [
  { name: 'Keramika Modrý džbán', description: 'Ručne točená a maľovaná keramika z malej dielne pri Bratislave.', approvedDaysAgo: 420 },
  { name: 'Bylinková záhrada Liptov', description: 'Bylinné čaje, sirupy a med od liptovských pestovateľov.', approvedDaysAgo: 300 },
  { name: 'Drevené hračky Orava', description: 'Poctivé drevené hračky a stavebnice z bukového a javorového dreva.', approvedDaysAgo: 150 },
  { name: 'Šijeme doma', description: 'Bavlnený textil do kuchyne a detskej izby, šitý na Spiši.', approvedDaysAgo: null },
];

/**
 * Upserts by slug (sellers are not part of the catalogue reset, they may own accounts) and returns
 * the ids of the approved ones, which are the only ones that get products.
 */
export function seedSellers(sqlite: Database.Database): number[] {
  const upsert = sqlite.prepare(
    `INSERT INTO sellers (slug, name, description, image, activated_at) VALUES (?, ?, ?, NULL, ?)
     ON CONFLICT(slug) DO UPDATE SET name = excluded.name, description = excluded.description, activated_at = excluded.activated_at
     RETURNING id, activated_at AS activatedAt`,
  );
  const approved: number[] = [];
  for (const s of SELLERS) {
    const activatedAt = s.approvedDaysAgo === null ? null : SEED_BASE_TIME - s.approvedDaysAgo * DAY;
    const row = upsert.get(slugify(s.name), s.name, s.description, activatedAt) as { id: number; activatedAt: number | null };
    if (row.activatedAt !== null) approved.push(row.id);
  }
  return approved;
}

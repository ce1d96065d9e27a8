import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { sellerImageUrl, sellerUrl } from '../catalog/urls';

/** A seller as their shop page shows them (spec 3 Seller: name; the card's description and image). */
export interface Seller {
  id: number;
  slug: string;
  name: string;
  description: string;
  image: string;
  url: string;
}

const statements = perDatabase((db: Db) => ({
  // Only approved sellers have a public shop (activated_at is set when the operator approves them).
  bySlug: db.$client.prepare('SELECT id, slug, name, description FROM sellers WHERE slug = ? AND activated_at IS NOT NULL'),
}));

export function findSeller(db: Db, slug: string): Seller | null {
  const row = statements(db).bySlug.get(slug) as { id: number; slug: string; name: string; description: string | null } | undefined;
  if (!row) return null;
  return { ...row, description: row.description ?? '', image: sellerImageUrl(row.id), url: sellerUrl(row.slug) };
}

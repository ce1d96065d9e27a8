import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { sellerImageUrl, sellerUrl } from '../catalog/urls';

/**
 * A seller as the shop shows them: the product page's seller card and their shop page (spec 3
 * Seller: name; with the description, the picture and the shop page's address).
 */
export interface Seller {
  id: number;
  slug: string;
  name: string;
  description: string;
  image: string;
  url: string;
}

interface SellerRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
}

// Only approved sellers are shown anywhere (activated_at is set when the operator approves them).
const statements = perDatabase((db: Db) => ({
  bySlug: db.$client.prepare('SELECT id, slug, name, description FROM sellers WHERE slug = ? AND activated_at IS NOT NULL'),
  byId: db.$client.prepare('SELECT id, slug, name, description FROM sellers WHERE id = ? AND activated_at IS NOT NULL'),
}));

function toSeller(row: SellerRow | undefined): Seller | null {
  if (!row) return null;
  return { ...row, description: row.description ?? '', image: sellerImageUrl(row.id), url: sellerUrl(row.slug) };
}

export function findSeller(db: Db, slug: string): Seller | null {
  return toSeller(statements(db).bySlug.get(slug) as SellerRow | undefined);
}

export function sellerById(db: Db, id: number): Seller | null {
  return toSeller(statements(db).byId.get(id) as SellerRow | undefined);
}

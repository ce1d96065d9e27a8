import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, categories, productPrices, products } from '../db/schema';
import { blogImageUrl, guideUrl, productImageUrl, productUrl } from '../catalog/urls';

export interface ProductCard {
  id: number;
  name: string;
  url: string;
  image: string | null;
  price: number;
  priceOld: number | null;
  availabilityDays: number;
}

export interface GuideCard {
  id: number;
  title: string;
  url: string;
  image: string | null;
  short: string;
}

function prepare(db: Db) {
  const newest = db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      image: products.imageFilename,
      b2c: productPrices.priceB2c,
      b2cOld: productPrices.priceOldB2c,
      b2b: productPrices.priceB2b,
      b2bOld: productPrices.priceOldB2b,
      availabilityDays: products.availabilityDays,
    })
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.shopId, sql.placeholder('shopId'))))
    .where(eq(products.visible, 2))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(8)
    .prepare();
  const guides = db
    .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, image: blogPosts.image, short: blogPosts.short, category: categories.slug })
    .from(blogPosts)
    .innerJoin(categories, eq(categories.id, blogPosts.categoryId))
    .where(eq(blogPosts.visible, true))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(4)
    .prepare();
  return { newest, guides };
}

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

/** What the home page shows: the newest purchasable products and the newest guides. */
export function homeView(db: Db, shopId: number, wholesale: boolean): { products: ProductCard[]; guides: GuideCard[] } {
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = prepare(db);
    statements.set(db, prepared);
  }
  const rows = prepared.newest.all({ shopId });
  const guides = prepared.guides.all();

  return {
    products: rows.map((r) => ({
      id: r.id,
      name: r.name,
      url: productUrl(r.slug),
      image: r.image ? productImageUrl(r.image) : null,
      price: wholesale ? r.b2b : r.b2c,
      priceOld: wholesale ? r.b2bOld : r.b2cOld,
      availabilityDays: r.availabilityDays,
    })),
    guides: guides.map((g) => ({ id: g.id, title: g.title, url: guideUrl(g.category, g.slug), image: g.image ? blogImageUrl(g.image) : null, short: g.short })),
  };
}

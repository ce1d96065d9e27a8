import { Hono } from 'hono';
import { requireRole } from '../accounts/roles';
import type { AppEnv } from '../http/env';
import { productImageUrl } from '../catalog/urls';
import { sellerProducts, type SellerProductRow } from './seller-account.service';
import { productIdOf, saveProductFrom, saveProfileFrom, sellerOf } from './seller-account.http';
import { MAX_SELLER_PRODUCTS } from './seller-account.schemas';

/** Where the seller's account widgets call (the spec leaves the paths out; docs/decisions/216). */
export const SELLER_API = {
  profile: '/api/seller/profile',
  products: '/api/seller/products',
  product: '/api/seller/products/:id',
} as const;

/** A product as the seller's table shows it (spec 9 "Seller product"), with its picture's address. */
export const productView = (p: SellerProductRow) => ({ ...p, imageUrl: p.imageFilename ? productImageUrl(p.imageFilename) : null });

export function sellerAccountApi() {
  const app = new Hono<AppEnv>();
  app.use('/api/seller/*', requireRole('ROLE_SELLER'));
  app.use('/api/seller/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get(SELLER_API.profile, (c) => c.json(sellerOf(c)));
  app.post(SELLER_API.profile, async (c) => c.json(await saveProfileFrom(c)));

  app.get(SELLER_API.products, (c) => {
    const products = sellerProducts(c.get('deps').db, sellerOf(c).id).map(productView);
    return c.json({ products, total: products.length, limit: MAX_SELLER_PRODUCTS });
  });
  app.post(SELLER_API.products, async (c) => c.json({ id: (await saveProductFrom(c, null)).id }, 201));
  app.post(SELLER_API.product, async (c) => c.json({ id: (await saveProductFrom(c, productIdOf(c))).id }));
  return app;
}

/**
 * Addresses of catalogue things. Categories and products share one flat slug space at the root
 * (the seed and the admin keep slugs unique across both), as Slovak shops usually do.
 */
export const categoryUrl = (slug: string) => `/${slug}`;
export const productUrl = (slug: string) => `/${slug}`;
export const guideUrl = (categorySlug: string, slug: string) => `/navody-inspiracie/${categorySlug}/${slug}`;
export const productImageUrl = (filename: string) => `/data/product/image/medium/sk/${filename}`;
export const blogImageUrl = (filename: string) => `/data/blog/image/${filename}`;
/** A seller's shop page (spec 2: /obchod/{seller slug}). */
export const sellerUrl = (slug: string) => `/obchod/${slug}`;
/** Spec 9: seller images are at /data/seller/image/{id}.png. */
export const sellerImageUrl = (id: number) => `/data/seller/image/${id}.png`;

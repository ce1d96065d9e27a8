/**
 * Addresses of catalogue things. Categories and products share one flat slug space at the root
 * (the seed and the admin keep slugs unique across both), as Slovak shops usually do.
 */
export const categoryUrl = (slug: string) => `/${slug}`;
export const productUrl = (slug: string) => `/${slug}`;
export const guideUrl = (categorySlug: string, slug: string) => `/navody-inspiracie/${categorySlug}/${slug}`;
export const productImageUrl = (filename: string) => `/data/product/image/medium/sk/${filename}`;
export const blogImageUrl = (filename: string) => `/data/blog/image/${filename}`;

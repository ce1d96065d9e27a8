/**
 * What the partner embed and its endpoint agree on; pure, so the embed bundle imports it without
 * zod or anything else of the server's.
 */

/** The endpoint answers at most this many products (ids or a category's first ones); more ids are a 400. */
export const EMBED_MAX_PRODUCTS = 48;
/** A category carousel without `limit`. */
export const EMBED_DEFAULT_LIMIT = 12;
export const EMBED_PRODUCTS_PATH = '/api/embed/products';
/** The stable loader partners link to; it loads the hashed, immutable bundle of the release. */
export const EMBED_LOADER_PATH = '/embed.js';
/** A category slug as the catalogue writes them (also what the element accepts before it asks). */
export const CATEGORY_SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

import { atom, onMount } from 'nanostores';
import { $session } from './session';

export type FavouriteKind = 'product' | 'blog';

export interface Favourites {
  products: number[];
  blogs: number[];
}

/** Anonymous favourites live in local storage under these keys (spec 3), as JSON arrays of ids. */
export const FAVOURITE_KEYS: Record<FavouriteKind, string> = { product: 'product.favorites', blog: 'blog.favorites' };

function readIds(key: string): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    if (!Array.isArray(value)) return [];
    const ids = value.map((id) => (typeof id === 'string' ? Number(id) : id)).filter((id): id is number => Number.isInteger(id));
    return [...new Set(ids)];
  } catch {
    // Malformed JSON or storage disabled (private mode): start empty rather than break the page.
    return [];
  }
}

function writeIds(key: string, ids: number[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(ids));
  } catch {
    // Storage full or disabled: the store still holds the choice for this page.
  }
}

function readAll(): Favourites {
  return { products: readIds(FAVOURITE_KEYS.product), blogs: readIds(FAVOURITE_KEYS.blog) };
}

/** Anonymous: read from local storage. Signed in: empty until loadFavourites() asks the server. */
export const $favourites = atom<Favourites>($session.get().isLogged ? { products: [], blogs: [] } : readAll());

// Another tab changed them: follow, so two open pages never disagree.
onMount($favourites, () => {
  const onStorage = (event: StorageEvent) => {
    if ($session.get().isLogged) return;
    if (event.key === FAVOURITE_KEYS.product || event.key === FAVOURITE_KEYS.blog || event.key === null) $favourites.set(readAll());
  };
  const target = window;
  target.addEventListener('storage', onStorage);
  // nanostores unmounts a second after the last listener leaves: by then a test's DOM may have been
  // torn down, its window stripped of its methods (an uncaught TypeError failed a CI run once).
  return () => {
    if (typeof target.removeEventListener === 'function') target.removeEventListener('storage', onStorage);
  };
});

const field = (kind: FavouriteKind): keyof Favourites => (kind === 'product' ? 'products' : 'blogs');

export function isFavourite(kind: FavouriteKind, id: number): boolean {
  return $favourites.get()[field(kind)].includes(id);
}

/**
 * Anonymous visitors only: toggles the id in local storage and returns whether it is now a
 * favourite. Signed-in visitors keep favourites on the server; after sign-in the local ids are sent
 * there and removed (spec 4).
 */
export function toggleFavourite(kind: FavouriteKind, id: number): boolean {
  const key = field(kind);
  const current = readIds(FAVOURITE_KEYS[kind]);
  const adding = !current.includes(id);
  const next = adding ? [...current, id] : current.filter((other) => other !== id);
  writeIds(FAVOURITE_KEYS[kind], next);
  $favourites.set({ ...$favourites.get(), [key]: next });
  return adding;
}

// ---- Signed-in visitors: favourites on the server ---------------------------------------------

function logged(): boolean {
  return $session.get().isLogged;
}

let serverLoad: Promise<void> | undefined;

/**
 * Signed in: the ids come from the server once per page (one call for products, one for blogs),
 * then every button on the page reads the same store.
 */
export function loadFavourites(): Promise<void> {
  if (!logged()) return Promise.resolve();
  serverLoad ??= (async () => {
    const { api } = await import('../lib/api');
    const [products, blogs] = await Promise.all([
      api.post('favorite/products', { json: {} }).json<{ id: number }[]>(),
      api.post('favorite/blogs', { json: {} }).json<{ id: number }[]>(),
    ]);
    $favourites.set({ products: products.map((p) => p.id), blogs: blogs.map((b) => b.id) });
  })().catch((error: unknown) => {
    serverLoad = undefined;
    throw error;
  });
  return serverLoad;
}

/** Tests only. */
export function resetFavouritesLoad(): void {
  serverLoad = undefined;
}

/**
 * Toggles for whoever is looking: anonymous in local storage (synchronously), signed-in on the
 * server (the store changes once the server agreed). Answers whether it is now a favourite.
 */
export async function toggleFavouriteAnywhere(kind: FavouriteKind, id: number): Promise<boolean> {
  if (!logged()) return toggleFavourite(kind, id);
  const { api } = await import('../lib/api');
  const key = field(kind);
  const adding = !$favourites.get()[key].includes(id);
  if (kind === 'product') {
    if (adding) await api.post(`favorite/product/${id}`, { json: {} });
    else await api.delete(`favorite/product/${id}`);
  } else if (adding) await api.put(`favorite/blog/${id}`, { json: {} });
  else await api.delete(`favorite/blog/${id}`);
  const current = $favourites.get()[key].filter((other) => other !== id);
  $favourites.set({ ...$favourites.get(), [key]: adding ? [...current, id] : current });
  return adding;
}

/** The popover's choice: files a favourite product under a category name (signed-in only). */
export async function setFavouriteCategory(productId: number, categoryName: string | null): Promise<void> {
  const { api } = await import('../lib/api');
  await api.post(`favorite/product/${productId}`, { json: { category_name: categoryName ?? '' } });
}

export async function favouriteCategoryNames(): Promise<string[]> {
  const { api } = await import('../lib/api');
  return api.get('favorite/product-category').json<string[]>();
}

let syncing: Promise<boolean> | undefined;

/**
 * Spec 4: after sign-in, favourites kept in local storage go to the server and leave the browser.
 * Products in one PUT, blogs one PUT each; the keys are removed only after the server took them,
 * so a failed call simply tries again on the next page. Answers whether anything was sent.
 */
export function syncFavouritesAfterSignIn(): Promise<boolean> {
  syncing ??= (async () => {
    if (!logged()) return false;
    const local = readAll();
    if (local.products.length === 0 && local.blogs.length === 0) return false;
    const { api } = await import('../lib/api');
    if (local.products.length > 0) {
      await api.put('favorite/product', { json: { product_ids: local.products } });
      localStorage.removeItem(FAVOURITE_KEYS.product);
    }
    for (const id of local.blogs) await api.put(`favorite/blog/${id}`, { json: {} });
    localStorage.removeItem(FAVOURITE_KEYS.blog);
    const now = $favourites.get();
    $favourites.set({ products: [...new Set([...now.products, ...local.products])], blogs: [...new Set([...now.blogs, ...local.blogs])] });
    return true;
  })().finally(() => {
    syncing = undefined;
  });
  return syncing;
}

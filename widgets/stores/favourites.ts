import { atom, onMount } from 'nanostores';

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

export const $favourites = atom<Favourites>(readAll());

// Another tab changed them: follow, so two open pages never disagree.
onMount($favourites, () => {
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVOURITE_KEYS.product || event.key === FAVOURITE_KEYS.blog || event.key === null) $favourites.set(readAll());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
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

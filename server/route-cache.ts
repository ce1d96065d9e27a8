import { LRUCache } from 'lru-cache';
import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Addresses whose routes are kept: a shop's categories, recent products and the fixed pages. */
const KEPT_PATHS = 2000;

/**
 * Hono's default router (SmartRouter: RegExpRouter, else TrieRouter) with each method and path's
 * match kept. The shop's ~440 routes mix fixed segments and patterned parameters in ways
 * RegExpRouter refuses, so TrieRouter answers, and it walks every wildcard middleware and
 * root-level pattern on each request (8–16 µs a request here, a category page's the most).
 * Routes are only added while the app is built, so a path's match never changes; Hono reads a
 * match and never writes to it, so one result serves every request for that path.
 */
export class CachedRouter<T> implements Router<T> {
  name = 'CachedRouter';
  readonly #router: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] });
  readonly #kept = new LRUCache<string, Result<T>>({ max: KEPT_PATHS });

  add(method: string, path: string, handler: T): void {
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let found = this.#kept.get(key);
    if (found === undefined) this.#kept.set(key, (found = this.#router.match(method, path)));
    return found;
  }
}

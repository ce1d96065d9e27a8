import type { Db } from './client';

/**
 * Prepared statements (or anything else derived from one database) made once per database and
 * reused: a hot query prepared per request costs ~10× here. Keyed weakly, so a closed test
 * database takes its statements with it.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

import type Database from 'better-sqlite3';
import type { Db } from '../db/client';
import { fold } from './search.schemas';

/**
 * The FTS index of product names and codes held in memory, so a query is ranked with bm25 computed
 * here instead of by FTS5 per query (docs/decisions/171). FTS5 spent ~0.5 µs per matching row to
 * match with a column filter and ~5 µs more per row for bm25 (column sizes, positions, and for a
 * code query the 100,000-row "ob" doclist to count its documents): 4–11 ms for a common word at
 * 100,000 products. Here a query walks the postings of its terms.
 *
 * Exact, not similar: the postings come from tokenising `products` the way the index's tokenizer
 * (unicode61 remove_diacritics 2) does — fold (NFD, no marks, lower case), runs of letters and
 * digits — and the build checks the result against FTS5 itself: every term's document and
 * instance counts (products_fts_vocab) and the row count and column totals FTS5 keeps (its
 * "averages" record). Any difference, and search keeps using FTS5 for this index (`null`).
 * bm25 is FTS5's formula (fts5_aux.c) in its order of operations, and the IDF's logarithm is
 * SQLite's own `ln()` (the same C `log` FTS5 calls), so scores are the same doubles.
 *
 * Kept while the FTS index is unchanged: its structure record (every write to the index adds a
 * segment and rewrites it) and averages record are the key, read only when the catalogue version
 * moved. A price or visibility change keeps the postings (which products are listed is decided
 * per shop and catalogue version by the caller).
 */
export interface TermIndex {
  /** Every term, sorted (so a prefix is a contiguous range). */
  terms: string[];
  /** Postings of terms[k]: docs[start[k]] … docs[start[k + 1] - 1], ascending product ids. */
  start: Int32Array;
  docs: Int32Array;
  /** Instances of the term in the name and in the public code of that product. */
  nameCount: Uint16Array;
  codeCount: Uint16Array;
  /** Products with terms[k] in the name (a name-only phrase's document count). */
  nameDocs: Int32Array;
  /** Tokens of a product's row (all columns), by product id. */
  size: Uint16Array;
  /** FTS5's row count (every product, listed or not) and average tokens per row. */
  rows: number;
  avgdl: number;
  /** FTS5's structure and averages records when built. */
  key: Buffer;
}

interface Statements {
  key: Database.Statement;
  products: Database.Statement;
  vocab: Database.Statement;
}

const prepared = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = prepared.get(db);
  if (!s) {
    const c = db.$client;
    s = {
      key: c.prepare('SELECT block FROM products_fts_data WHERE id IN (1, 10) ORDER BY id').pluck(),
      products: c.prepare('SELECT id, name, code_public FROM products ORDER BY id').raw(),
      vocab: c.prepare('SELECT term, doc, cnt FROM products_fts_vocab').raw(),
    };
    prepared.set(db, s);
  }
  return s;
}

/** The key the index is valid for: FTS5's averages (id 1) and structure (id 10) records. */
export function ftsKey(db: Db): Buffer {
  return Buffer.concat(statements(db).key.all() as Buffer[]);
}

/** Tokens of one column as the index's tokenizer makes them (no query limits here). */
export function indexTokens(text: string | null): string[] {
  if (!text) return [];
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

const ASCII = /^[\x00-\x7f]*$/;

/**
 * indexTokens for a whole catalogue: names repeat their words, so each space-separated word is
 * folded once (folding and Unicode matching took ~3 µs a product); ASCII needs no folding at all.
 * Any difference from indexTokens would show in the check against FTS5 (and only cost the index).
 */
function tokenizer(): (text: string | null) => string[] {
  const words = new Map<string, string[]>();
  return (text) => {
    if (!text) return [];
    if (ASCII.test(text)) return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    const out: string[] = [];
    for (const word of text.split(' ')) {
      let tokens = words.get(word);
      if (tokens === undefined) words.set(word, (tokens = indexTokens(word)));
      for (const token of tokens) out.push(token);
    }
    return out;
  };
}

/** SQLite varint (FTS5's records use them): value and the next offset. */
function varint(buf: Buffer, at: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const byte = buf[at + i];
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
  return [value * 256 + buf[at + 8], at + 9];
}

/**
 * A list of integers in a typed array that doubles as it fills: the build's per-entry lists at
 * 100,000 products are ~800,000 long, and as JS arrays (and the rows read whole with .all()) they
 * made the build's peak ~200 MB of heap, which the process kept as resident memory afterwards.
 */
class Ints {
  data = new Int32Array(4096);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  at(i: number): number {
    return this.data[i];
  }
}

/** Builds the index, or null when it would not match FTS5 exactly. */
export function buildTermIndex(db: Db): TermIndex | null {
  const s = statements(db);
  const key = ftsKey(db);
  const averages = (s.key.all() as Buffer[])[0];
  if (!averages) return null;

  const termIds = new Map<string, number>();
  const termNames: string[] = [];
  // One entry per (term, product): the term, the product and its counts per column.
  const entryTerm = new Ints();
  const entryDoc = new Ints();
  const entryName = new Ints();
  const entryCode = new Ints();
  let maxId = 0;
  let nameTotal = 0;
  let codeTotal = 0;
  let rowCount = 0;
  const sizeIds = new Ints();
  const sizeCounts = new Ints();
  const local = new Map<number, number>();
  const tokens = tokenizer();
  for (const [id, name, code] of s.products.iterate() as IterableIterator<[number, string, string | null]>) {
    rowCount++;
    if (id > maxId) maxId = id;
    local.clear();
    const nameTokens = tokens(name);
    const codeTokens = tokens(code);
    for (let column = 0; column < 2; column++) {
      for (const token of column === 0 ? nameTokens : codeTokens) {
        let term = termIds.get(token);
        if (term === undefined) {
          term = termNames.length;
          termIds.set(token, term);
          termNames.push(token);
        }
        // Counts packed per product: name in the low 16 bits, code above.
        local.set(term, (local.get(term) ?? 0) + (column === 0 ? 1 : 65536));
      }
    }
    for (const [term, packed] of local) {
      entryTerm.push(term);
      entryDoc.push(id);
      entryName.push(packed & 0xffff);
      entryCode.push(packed >>> 16);
    }
    nameTotal += nameTokens.length;
    codeTotal += codeTokens.length;
    sizeIds.push(id);
    sizeCounts.push(nameTokens.length + codeTokens.length);
  }

  // FTS5's own counts: rows and tokens per column (averages record), documents and instances per term.
  let at = 0;
  let nRow: number;
  let totalName: number;
  let totalCode: number;
  [nRow, at] = varint(averages, at);
  [totalName, at] = varint(averages, at);
  [totalCode, at] = varint(averages, at);
  if (nRow !== rowCount || totalName !== nameTotal || totalCode !== codeTotal) return null;
  const docCount = new Int32Array(termNames.length);
  const instances = new Int32Array(termNames.length);
  for (let e = 0; e < entryTerm.length; e++) {
    docCount[entryTerm.at(e)]++;
    instances[entryTerm.at(e)] += entryName.at(e) + entryCode.at(e);
  }
  let vocabSize = 0;
  for (const [term, doc, cnt] of s.vocab.iterate() as IterableIterator<[string, number, number]>) {
    vocabSize++;
    const id = termIds.get(term);
    if (id === undefined || docCount[id] !== doc || instances[id] !== cnt) return null;
  }
  if (vocabSize !== termNames.length) return null;

  // Terms sorted; postings grouped by term (a counting sort keeps each term's products ascending).
  const order = termNames.map((_, i) => i).sort((a, b) => (termNames[a] < termNames[b] ? -1 : termNames[a] > termNames[b] ? 1 : 0));
  const rank = new Int32Array(termNames.length);
  order.forEach((term, r) => (rank[term] = r));
  const start = new Int32Array(termNames.length + 1);
  for (let term = 0; term < termNames.length; term++) start[rank[term] + 1] = docCount[term];
  for (let r = 0; r < termNames.length; r++) start[r + 1] += start[r];
  const fill = start.slice(0, termNames.length);
  const nameDocs = new Int32Array(termNames.length);
  for (let e = 0; e < entryTerm.length; e++) if (entryName.at(e) > 0) nameDocs[rank[entryTerm.at(e)]]++;
  const docs = new Int32Array(entryTerm.length);
  const nameCount = new Uint16Array(entryTerm.length);
  const codeCount = new Uint16Array(entryTerm.length);
  for (let e = 0; e < entryTerm.length; e++) {
    const slot = fill[rank[entryTerm.at(e)]]++;
    docs[slot] = entryDoc.at(e);
    nameCount[slot] = entryName.at(e);
    codeCount[slot] = entryCode.at(e);
  }
  const size = new Uint16Array(maxId + 1);
  for (let i = 0; i < sizeIds.length; i++) size[sizeIds.at(i)] = sizeCounts.at(i);
  return { terms: order.map((term) => termNames[term]), start, docs, nameCount, codeCount, nameDocs, size, rows: nRow, avgdl: (totalName + totalCode) / nRow, key };
}

import type Database from 'better-sqlite3';
import type { Db } from '../db/client';
import { fold } from './search.schemas';
import type { VocabTerm } from './typo';

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

/** bm25 weights of decision 020: a name hit counts ten times a code hit. */
const NAME_WEIGHT = 10;
const CODE_WEIGHT = 1;
const K1 = 1.2;
const B = 0.75;

interface Statements {
  key: Database.Statement;
  products: Database.Statement;
  vocab: Database.Statement;
  ln: Database.Statement;
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
      ln: c.prepare('SELECT ln(?)').pluck(),
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

/** Builds the index, or null when it would not match FTS5 exactly. */
export function buildTermIndex(db: Db): TermIndex | null {
  const s = statements(db);
  const key = ftsKey(db);
  const averages = (s.key.all() as Buffer[])[0];
  if (!averages) return null;
  const rows = s.products.all() as [number, string, string | null][];

  const termIds = new Map<string, number>();
  const termNames: string[] = [];
  // One entry per (term, product): the term, the product and its counts per column.
  let entryTerm: number[] = [];
  let entryDoc: number[] = [];
  let entryName: number[] = [];
  let entryCode: number[] = [];
  let maxId = 0;
  let nameTotal = 0;
  let codeTotal = 0;
  const sizes: [number, number][] = [];
  const local = new Map<number, number>();
  const tokens = tokenizer();
  for (const [id, name, code] of rows) {
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
    sizes.push([id, nameTokens.length + codeTokens.length]);
  }

  // FTS5's own counts: rows and tokens per column (averages record), documents and instances per term.
  let at = 0;
  let nRow: number;
  let totalName: number;
  let totalCode: number;
  [nRow, at] = varint(averages, at);
  [totalName, at] = varint(averages, at);
  [totalCode, at] = varint(averages, at);
  if (nRow !== rows.length || totalName !== nameTotal || totalCode !== codeTotal) return null;
  const docCount = new Int32Array(termNames.length);
  const instances = new Int32Array(termNames.length);
  for (let e = 0; e < entryTerm.length; e++) {
    docCount[entryTerm[e]]++;
    instances[entryTerm[e]] += entryName[e] + entryCode[e];
  }
  const vocab = s.vocab.all() as [string, number, number][];
  if (vocab.length !== termNames.length) return null;
  for (const [term, doc, cnt] of vocab) {
    const id = termIds.get(term);
    if (id === undefined || docCount[id] !== doc || instances[id] !== cnt) return null;
  }

  // Terms sorted; postings grouped by term (a counting sort keeps each term's products ascending).
  const order = termNames.map((_, i) => i).sort((a, b) => (termNames[a] < termNames[b] ? -1 : termNames[a] > termNames[b] ? 1 : 0));
  const rank = new Int32Array(termNames.length);
  order.forEach((term, r) => (rank[term] = r));
  const start = new Int32Array(termNames.length + 1);
  for (let term = 0; term < termNames.length; term++) start[rank[term] + 1] = docCount[term];
  for (let r = 0; r < termNames.length; r++) start[r + 1] += start[r];
  const fill = start.slice(0, termNames.length);
  const nameDocs = new Int32Array(termNames.length);
  for (let e = 0; e < entryTerm.length; e++) if (entryName[e] > 0) nameDocs[rank[entryTerm[e]]]++;
  const docs = new Int32Array(entryTerm.length);
  const nameCount = new Uint16Array(entryTerm.length);
  const codeCount = new Uint16Array(entryTerm.length);
  for (let e = 0; e < entryTerm.length; e++) {
    const slot = fill[rank[entryTerm[e]]]++;
    docs[slot] = entryDoc[e];
    nameCount[slot] = entryName[e];
    codeCount[slot] = entryCode[e];
  }
  entryTerm = entryDoc = entryName = entryCode = [];
  const size = new Uint16Array(maxId + 1);
  for (const [id, n] of sizes) size[id] = n;
  return { terms: order.map((term) => termNames[term]), start, docs, nameCount, codeCount, nameDocs, size, rows: nRow, avgdl: (totalName + totalCode) / nRow, key };
}

/** First term index whose term is >= text. */
function lowerBound(terms: string[], text: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid] < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The range of terms starting with `prefix` (or equal to it when `exact`). */
function termRange(index: TermIndex, text: string, exact: boolean): [number, number] {
  const from = lowerBound(index.terms, text);
  if (exact) return from < index.terms.length && index.terms[from] === text ? [from, from + 1] : [from, from];
  let to = from;
  // Terms starting with text follow it directly in sorted order.
  while (to < index.terms.length && index.terms[to].startsWith(text)) to++;
  return [from, to];
}

/**
 * Every term with this first letter and a length in [shortest, longest], with its number of
 * products: the typo candidates of decision 020, as products_fts_vocab gave them.
 */
export function termsStartingWith(index: TermIndex, first: string, shortest: number, longest: number): VocabTerm[] {
  const [from, to] = termRange(index, first, false);
  const out: VocabTerm[] = [];
  for (let k = from; k < to; k++) {
    const term = index.terms[k];
    if (term.length >= shortest && term.length <= longest) out.push({ term, doc: index.start[k + 1] - index.start[k] });
  }
  return out;
}

export function hasTerm(index: TermIndex, term: string): boolean {
  const [from, to] = termRange(index, term, true);
  return to > from;
}

/**
 * A phrase's products, ascending, with FTS5's weighted frequency of the phrase in each (0: the
 * product has the term only in a column the query leaves out), and how many have it (bm25's nHit).
 */
interface Phrase {
  docs: Int32Array;
  weight: (i: number) => number;
  hits: number;
}

/** Scratch space per index for prefix unions (one query at a time: all of this is synchronous). */
const scratch = new WeakMap<TermIndex, { freq: Float64Array; seen: Uint8Array }>();

const NONE: Phrase = { docs: new Int32Array(0), weight: () => 0, hits: 0 };

function phrase(index: TermIndex, text: string, prefix: boolean, nameOnly: boolean): Phrase {
  const [from, to] = termRange(index, text, !prefix);
  const weight = (j: number) => (nameOnly ? NAME_WEIGHT * index.nameCount[j] : NAME_WEIGHT * index.nameCount[j] + CODE_WEIGHT * index.codeCount[j]);
  if (to === from) return NONE;
  if (to - from === 1) {
    // One term: its postings as they are (the 100,000 products of "ob" are not copied per query).
    const a = index.start[from];
    const b = index.start[from + 1];
    return { docs: index.docs.subarray(a, b), weight: (i) => weight(a + i), hits: nameOnly ? index.nameDocs[from] : b - a };
  }
  let space = scratch.get(index);
  if (!space) scratch.set(index, (space = { freq: new Float64Array(index.size.length), seen: new Uint8Array(index.size.length) }));
  const touched: number[] = [];
  for (let j = index.start[from]; j < index.start[to]; j++) {
    const w = weight(j);
    if (w === 0) continue;
    const doc = index.docs[j];
    if (space.seen[doc] === 0) {
      space.seen[doc] = 1;
      touched.push(doc);
    }
    space.freq[doc] += w;
  }
  const docs = Int32Array.from(touched).sort();
  const freq = new Float64Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    freq[i] = space.freq[docs[i]];
    space.freq[docs[i]] = 0;
    space.seen[docs[i]] = 0;
  }
  return { docs, weight: (i) => freq[i], hits: docs.length };
}

/** First position at or after `from` whose product is >= doc (galloping, then binary search). */
function seek(docs: Int32Array, from: number, doc: number): number {
  let step = 1;
  let hi = from;
  while (hi < docs.length && docs[hi] < doc) {
    from = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, docs.length);
  while (from < hi) {
    const mid = (from + hi) >>> 1;
    if (docs[mid] < doc) from = mid + 1;
    else hi = mid;
  }
  return from;
}

/**
 * The listed products matching every token, in decision 020's order: products with every word
 * whole first, then bm25 (FTS5's, weights 10 and 1), then id. Tokens must be what FTS5 would make
 * of them (callers pass only ASCII letters and digits); the last one is a prefix when `prefixLast`
 * and it has two or more characters, and words without digits match names only (buildMatch).
 */
export function rankFromIndex(db: Db, index: TermIndex, tokens: string[], listed: Set<number>): number[] {
  if (tokens.length === 0) return [];
  const nameOnly = !tokens.some((t) => /\d/.test(t));
  const last = tokens.length - 1;
  const prefixed = tokens[last].length >= 2;
  const phrases = tokens.map((t, i) => phrase(index, t, i === last && prefixed, nameOnly));
  if (phrases.some((p) => p.hits === 0)) return [];
  const nRow = index.rows;
  const ln = statements(db).ln;
  const idf = phrases.map((p) => {
    const value = ln.get((nRow - p.hits + 0.5) / (p.hits + 0.5)) as number | null;
    return value === null || value <= 0 ? 1e-6 : value;
  });
  // Products in every phrase: walk the rarest phrase, the others seek alongside (all ascending).
  const smallest = phrases.reduce((a, b) => (b.hits < a.hits ? b : a));
  const cursor = new Int32Array(phrases.length);
  const whole = prefixed ? phrase(index, tokens[last], false, nameOnly) : null;
  let wholeAt = 0;
  const tiers: Map<number, number[]>[] = [new Map(), new Map()];
  const freqs = new Float64Array(phrases.length);
  outer: for (let i = 0; i < smallest.docs.length; i++) {
    const doc = smallest.docs[i];
    if (smallest.weight(i) === 0 || !listed.has(doc)) continue;
    for (let p = 0; p < phrases.length; p++) {
      const list = phrases[p].docs;
      const at = (cursor[p] = seek(list, cursor[p], doc));
      if (at === list.length || list[at] !== doc) continue outer;
      freqs[p] = phrases[p].weight(at);
      if (freqs[p] === 0) continue outer;
    }
    // fts5Bm25Function: the sum over phrases, in this order of operations, negated.
    const D = index.size[doc];
    let score = 0.0;
    for (let p = 0; p < phrases.length; p++) {
      score += idf[p] * ((freqs[p] * (K1 + 1.0)) / (freqs[p] + K1 * (1 - B + (B * D) / index.avgdl)));
    }
    score = -1.0 * score;
    let tier = 0;
    if (whole) {
      wholeAt = seek(whole.docs, wholeAt, doc);
      tier = wholeAt < whole.docs.length && whole.docs[wholeAt] === doc && whole.weight(wholeAt) > 0 ? 0 : 1;
    }
    // Products arrive by ascending id, so each score's bucket is already in id order.
    const bucket = tiers[tier].get(score);
    if (bucket) bucket.push(doc);
    else tiers[tier].set(score, [doc]);
  }
  const out: number[] = [];
  for (const tier of tiers) {
    for (const score of [...tier.keys()].sort((a, b) => a - b)) for (const doc of tier.get(score)!) out.push(doc);
  }
  return out;
}

import type Database from 'better-sqlite3';
import type { Db } from '../db/client';
import type { TermIndex } from './term-index';
import type { VocabTerm } from './typo';

/**
 * Look-ups and bm25 ranking over the in-memory term index (term-index.ts builds it; decision 171):
 * prefix ranges of the sorted terms, the postings of a phrase, and FTS5's bm25 in its order of
 * operations, with SQLite's own ln() so scores are the same doubles.
 */

/** bm25 weights of decision 020: a name hit counts ten times a code hit. */
const NAME_WEIGHT = 10;
const CODE_WEIGHT = 1;
const K1 = 1.2;
const B = 0.75;

const lnStatements = new WeakMap<Db, Database.Statement>();

function lnStatement(db: Db): Database.Statement {
  let ln = lnStatements.get(db);
  if (!ln) {
    ln = db.$client.prepare('SELECT ln(?)').pluck();
    lnStatements.set(db, ln);
  }
  return ln;
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
export function rankFromIndex(db: Db, index: TermIndex, tokens: string[], listed: { has(id: number): boolean }): number[] {
  if (tokens.length === 0) return [];
  const nameOnly = !tokens.some((t) => /\d/.test(t));
  const last = tokens.length - 1;
  const prefixed = tokens[last].length >= 2;
  const phrases = tokens.map((t, i) => phrase(index, t, i === last && prefixed, nameOnly));
  if (phrases.some((p) => p.hits === 0)) return [];
  const nRow = index.rows;
  const ln = lnStatement(db);
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

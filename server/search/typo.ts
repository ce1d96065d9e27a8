/**
 * Damerau-Levenshtein distance (optimal string alignment: insert, delete, substitute, swap two
 * neighbours), stopping early once every cell of a row exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = row[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2] + 1);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    [before, prev, row] = [prev, row, before];
  }
  return prev[n];
}

/** The edit budget: one typo in a short word, two in a longer one. */
export const allowedEdits = (token: string) => (token.length <= 5 ? 1 : 2);

export interface VocabTerm {
  term: string;
  doc: number;
}

/**
 * The closest known term within the budget: fewest edits first, then the term in most products.
 * Null when nothing is close enough.
 */
export function closestTerm(token: string, candidates: VocabTerm[]): string | null {
  const max = allowedEdits(token);
  let best: { term: string; distance: number; doc: number } | null = null;
  for (const c of candidates) {
    const distance = editDistance(token, c.term, max);
    if (distance > max) continue;
    if (!best || distance < best.distance || (distance === best.distance && c.doc > best.doc)) best = { term: c.term, distance, doc: c.doc };
  }
  return best?.term ?? null;
}

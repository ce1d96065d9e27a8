import { requestHeader } from '../http/request-header';
import type { Context } from 'hono';
import { answer } from '../http/response-head';
import type { AppEnv } from '../http/env';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { acceptsGzip, gzipParts, markShared, x2nModP, type DeflatedPiece } from '../render/gzip-splice';
import type { ListedProduct } from './listing.service';
import { keptProducts, type KeptProduct, type ProductJsonView } from './product-json';

const JSON_TYPE = 'application/json';
const HEAD = markShared(Buffer.from('{"items":['));
const COMMA = markShared(Buffer.from(','));
/** New links deflated per answer at most (~20 µs each: zlib's set-up and the dictionary). */
export const NEW_LINKS_PER_ANSWER = 2;
/** Deflate reaches back 32 KB; a product's JSON is ~0.8 KB, so this never binds in practice. */
const MAX_DICTIONARY = 16 * 1024;

/**
 * `{"items": [...], "total": n, ...rest}` for POST/GET /api/product, equal to JSON.stringify of that
 * object, from the products' kept JSON (product-json.ts). `Vary: Accept-Encoding` always.
 *
 * Gzip is spliced, never compressed per request (decision 175). Each product's JSON deflated on
 * its own (once, level 9, shared like the HTML pieces of decision 150) gives ~410 bytes a product:
 * the ~30 keys repeat in every item but one item cannot refer to the one before. So a product that
 * follows another also keeps a *link*: "," + its JSON deflated with the previous product's JSON as
 * the preset dictionary. In the answer, the bytes right before the link are exactly that JSON, so
 * the link's back-references land on it: ~140 bytes a product. A list sent in the same order
 * again (a category in position order, its pages) is then ~2 KB for 12 products instead of ~5 KB
 * (8.5 KB plain). Links are built on first use, at most NEW_LINKS_PER_ANSWER per answer so a new
 * order costs at most ~40 µs; a missing link falls back to "," and the product's own piece.
 * A link lives in the product's kept entry, keyed weakly by the previous one's, so it goes when
 * either product's row does (the row cache's clocks, decision 185).
 */
export function productListAnswer(c: Context<AppEnv>, view: ProductJsonView, items: readonly ListedProduct[], rest: Record<string, unknown>): Response {
  c.header('Vary', 'Accept-Encoding', { append: true });
  const kept = keptProducts(view, items);
  const tail = JSON.stringify(rest);
  const end = tail === '{}' ? ']}' : `],${tail.slice(1)}`;
  if (acceptsGzip(requestHeader(c, 'accept-encoding'))) {
    c.header('Content-Encoding', 'gzip');
    return answer(c, gzipParts(gzipPieces(kept, Buffer.from(end))), 200, JSON_TYPE);
  }
  let text = '{"items":[';
  for (let i = 0; i < kept.length; i++) text += (i ? ',' : '') + kept[i].text;
  return answer(c, text + end, 200, JSON_TYPE);
}

function gzipPieces(kept: readonly KeptProduct[], end: Buffer): (Buffer | DeflatedPiece)[] {
  const pieces: (Buffer | DeflatedPiece)[] = [HEAD];
  let budget = NEW_LINKS_PER_ANSWER;
  for (let i = 0; i < kept.length; i++) {
    const entry = kept[i];
    const before = i > 0 ? kept[i - 1] : undefined;
    let link = before && entry.after?.get(before);
    if (before && !link && budget > 0 && before.text.length <= MAX_DICTIONARY) {
      budget--;
      link = linkAfter(before, entry);
      (entry.after ??= new WeakMap()).set(before, link);
    }
    if (link) {
      pieces.push(link);
      continue;
    }
    if (before) pieces.push(COMMA);
    pieces.push((entry.bytes ??= markShared(Buffer.from(entry.text))));
  }
  pieces.push(end);
  return pieces;
}

/** "," + the product's JSON, deflated against the JSON that precedes it in the answer. */
function linkAfter(before: KeptProduct, entry: KeptProduct): DeflatedPiece {
  const data = Buffer.from(',' + entry.text);
  const bytes = deflateRawSync(data, { level: 9, dictionary: Buffer.from(before.text), finishFlush: constants.Z_SYNC_FLUSH });
  return { bytes, crc: crc32(data), op: x2nModP(data.length, 3), length: data.length };
}

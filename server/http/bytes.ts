/** Answers are cut from one slab at a time, as Node's pool does for buffers under 4 KB: no fresh allocation per answer. */
const SLAB = 512 * 1024;
let slab = Buffer.allocUnsafe(SLAB);
let used = 0;

/**
 * Text and bytes in order as one UTF-8 body: each run of text joined and written in one pass (the
 * adapter and Buffer.from walk a string twice), bytes (kept HTML, product JSON) copied as they are.
 */
export function bytesOf(pieces: readonly (string | Uint8Array)[]): Uint8Array {
  // At most three bytes per UTF-16 unit.
  let most = 0;
  for (const piece of pieces) most += typeof piece === 'string' ? piece.length * 3 : piece.length;
  if (slab.length - used < most) [slab, used] = [Buffer.allocUnsafe(Math.max(SLAB, most)), 0];
  const start = used;
  let text: string[] = [];
  const flush = () => {
    if (text.length > 0) used += slab.write(text.join(''), used);
    text = [];
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') text.push(piece);
    else {
      flush();
      slab.set(piece, used);
      used += piece.length;
    }
  }
  flush();
  return slab.subarray(start, used);
}

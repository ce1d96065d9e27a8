const encoder = new TextEncoder();

/**
 * Text and bytes in order as one UTF-8 body: each run of text joined and encoded in one pass (the
 * adapter and Buffer.from walk a string twice) into room for an eighth more than its length (pages
 * are mostly ASCII), bytes (kept HTML, product JSON) copied as they are. A shared slab instead kept
 * dead slabs in the old generation until a full GC: more RSS, no CPU saved (decision 262).
 */
export function bytesOf(pieces: readonly (string | Uint8Array)[]): Uint8Array {
  let room = 64;
  for (const piece of pieces) room += typeof piece === 'string' ? piece.length + (piece.length >> 3) : piece.length;
  const out = Buffer.allocUnsafe(room);
  let at = 0;
  let text: string[] = [];
  let fits = true;
  const flush = () => {
    // Bytes after bytes: nothing to encode (a list answer is all kept pieces).
    if (text.length === 0) return true;
    const joined = text.join('');
    text = [];
    const { read, written } = encoder.encodeInto(joined, out.subarray(at));
    at += written;
    return read === joined.length;
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') text.push(piece);
    else if ((fits &&= flush() && at + piece.length <= out.length)) {
      out.set(piece, at);
      at += piece.length;
    }
  }
  // More text outside ASCII than the eighth allowed for (it took room the bytes after it need): two passes.
  return (fits &&= flush()) ? out.subarray(0, at) : Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)));
}

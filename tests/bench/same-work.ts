/**
 * The answer the same-work route sends (decision 202): the shop's header lines as they were sent and
 * a body that makes each answer as long as the shop's were on average, so that the load generators
 * read the same bytes and lines from both servers.
 */

/** Lines node writes for any answer itself; the rest of the shop's are sent as they were. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export interface SameAnswer {
  /** [name, value] of each line the route sends besides node's own. */
  lines: [string, string][];
  /** Its body's length. */
  body: number;
}

/** From one answer's raw header lines (node's `rawHeaders`) and the shop's average answer length. */
export function sameAnswer(rawHeaders: readonly string[], averageBytes: number): SameAnswer {
  const lines: [string, string][] = [];
  let head = 'HTTP/1.1 200 OK\r\n\r\n'.length;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const [name, value] = [rawHeaders[i], rawHeaders[i + 1]];
    head += `${name}: ${value}\r\n`.length;
    if (!WRITTEN_BY_NODE.has(name.toLowerCase())) lines.push([name, value]);
  }
  return { lines, body: Math.max(0, averageBytes - head) };
}

/** A spin tried and the CPU per request it came to. */
export interface Tried {
  spin: number;
  cpu: number;
}

/**
 * The spin to try next for `want` µs of CPU a request: after one try, that spin moved by how far it
 * landed; after two, along the line through the last two (CPU grows faster than the spin here: a
 * slower server wakes its idle client for more of its answers, and pays for it).
 */
export function nextSpin(tried: readonly Tried[], want: number): number {
  const last = tried.at(-1)!;
  const before = tried.at(-2);
  const slope = before && last.spin !== before.spin ? (last.cpu - before.cpu) / (last.spin - before.spin) : 1;
  return Math.max(0, Math.round(last.spin + (want - last.cpu) / (slope > 0 ? slope : 1)));
}

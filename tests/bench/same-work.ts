/**
 * The answer the same-work route sends (decision 202): the shop's header lines as they were sent and
 * the shop's own body bytes, as long as its answers were on average, so that the load generators read
 * the same lines and text from both servers (autocannon decodes every body as UTF-8: the shop's
 * Slovak HTML cost it 76–78 µs an answer, as many "x" 36–44).
 */
import { medianBy } from './load';

/** Lines node writes for any answer itself; the rest of the shop's are sent as they were. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export interface SameAnswer {
  /** [name, value] of each line the route sends besides node's own. */
  lines: [string, string][];
  /** Its body: the shop's, repeated or cut to length. */
  body: Buffer;
}

/** From one answer of the shop's (node's `rawHeaders` and its body) and the shop's average answer length. */
export function sameAnswer(rawHeaders: readonly string[], body: Uint8Array, averageBytes: number): SameAnswer {
  const lines: [string, string][] = [];
  let head = 'HTTP/1.1 200 OK\r\n\r\n'.length;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const [name, value] = [rawHeaders[i], rawHeaders[i + 1]];
    head += `${name}: ${value}\r\n`.length;
    if (!WRITTEN_BY_NODE.has(name.toLowerCase())) lines.push([name, value]);
  }
  const length = Math.max(0, averageBytes - head);
  const out = Buffer.alloc(length);
  for (let at = 0; body.length > 0 && at < length; at += body.length) out.set(body.subarray(0, length - at), at);
  return { lines, body: out };
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

/**
 * The shop's p99 over its same-work route's, round by round (`--repeat`: each pair measured within
 * minutes, in the same phase of the machine), and the median of those ratios (of an even count, the
 * higher). Rounds differ from one another more than the two servers of one round do.
 */
export function p99Ratios(shop: readonly { p99: number }[], same: readonly { p99: number }[]): { each: number[]; median: number } {
  const each = shop.slice(0, same.length).map((s, i) => s.p99 / same[i].p99);
  return { each, median: each.length > 0 ? medianBy(each, (ratio) => ratio, 'higher') : NaN };
}

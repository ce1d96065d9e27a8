/**
 * Reads a carrier's published list of pickup points over HTTP: Packeta's branch export
 * (`https://www.zasilkovna.cz/api/v4/{API key}/branch.json`) or any list in its shape. One GET,
 * JSON only, bounded in time and size, so a cron job that runs it fails with a reason instead of
 * hanging or filling the memory. Tests run it against a local server that answers the same way.
 */

/** Packeta's export of every branch in every country is ~20 MB. */
export const MAX_FEED_BYTES = 64 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 120_000;

export class FeedError extends Error {}

export async function fetchPickupFeed(url: string, options: { timeoutMs?: number; maxBytes?: number } = {}): Promise<unknown> {
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? FEED_TIMEOUT_MS) });
  } catch (error) {
    throw new FeedError(`the feed did not answer: ${(error as Error).message}`);
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new FeedError(`the feed answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new FeedError(`the feed is larger than ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FeedError(`the feed is larger than ${maxBytes} bytes`);
    }
    chunks.push(read.value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new FeedError('the feed is not JSON');
  }
}

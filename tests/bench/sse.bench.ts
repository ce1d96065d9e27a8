/**
 * Issue 22's figure: 1,000 open Server-Sent Events connections on one shop process, and a message
 * posted to the stream reaches all of them (target p99 ≤ 200 ms); the shop's RSS growth per open
 * connection. The built shop (`node dist/server/index.js`) over a small demo database; the same
 * connections and messages against tests/bench/bare-sse.mjs (the smallest Hono fan-out) give the
 * ratio. Delivery is the time from sending the POST to a connection reading the message, over five
 * messages (the per-user limit allows five in 10 s). Nothing asserts a time.
 *   npx tsx tests/bench/sse.bench.ts        (also part of npm run bench)
 */
import { request, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { csrfTokenFor } from '../../server/http/csrf';
import { DEMO_LIVE_STREAM } from '../../server/db/seed/streams';
import { ROOT, spawnServer, startShop } from '../e2e/server';
import { addSignedInSession, USER_SID } from './bench-db';

export type Figure = [string, string, string];

const CONNECTIONS = 1000;
const ROUNDS = 5;
const SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456';

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

interface Reader {
  req: ClientRequest;
  text: string;
  /** When each awaited marker first appeared. */
  seen: Map<string, number>;
}

/** Opens `n` event connections; resolves once every one has received its first bytes. */
type Readers = Reader[] & { watch(marker: string): void };

async function openReaders(origin: string, path: string, headers: Record<string, string>, n: number): Promise<Readers> {
  const readers: Reader[] = [];
  const watching = new Set<string>();
  await Promise.all(
    Array.from({ length: n }, () =>
      new Promise<void>((resolve, reject) => {
        const reader: Reader = { req: request(`${origin}${path}`, { agent: false, headers: { accept: 'text/event-stream', ...headers } }), text: '', seen: new Map() };
        readers.push(reader);
        reader.req.on('response', (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            const now = performance.now();
            reader.text = (reader.text + chunk).slice(-4096);
            for (const marker of watching) if (!reader.seen.has(marker) && reader.text.includes(marker)) reader.seen.set(marker, now);
            resolve();
          });
          res.on('error', () => {});
        });
        reader.req.on('error', reject);
        reader.req.end();
      }),
    ),
  );
  return Object.assign(readers, { watch: (marker: string) => void watching.add(marker) });
}

/** Sends ROUNDS messages one after another; answers every connection's delivery times in ms. */
async function deliveries(readers: Readers, send: (text: string) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const marker = `bench-${round}-${Math.random().toString(36).slice(2)}`;
    readers.watch(marker);
    const sent = performance.now();
    await send(marker);
    const deadline = Date.now() + 10_000;
    while (readers.some((r) => !r.seen.has(marker)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    for (const r of readers) times.push((r.seen.get(marker) ?? Infinity) - sent);
  }
  return times;
}

const post = (url: string, body: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: false, headers: { 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });

export async function benchSse(): Promise<Figure[]> {
  const shop = await startShop({ products: 20, env: { SECRET, COMPRESS: 'false' }, strict: false });
  const bare = await spawnServer(join(ROOT, 'tests/bench/bare-sse.mjs'), {}, /bare sse listens on http:\/\/[^\s:]+:(\d+)/);
  try {
    addSignedInSession(shop.dbFile);
    const api = { cookie: `sid=${USER_SID}`, 'x-csrf-token': csrfTokenFor(SECRET, USER_SID), 'content-type': 'application/json' };
    const before = rssKb(shop.pid);
    const readers = await openReaders(shop.url, `/api/video-stream/${DEMO_LIVE_STREAM}/events`, {}, CONNECTIONS);
    const after = rssKb(shop.pid);
    const shopTimes = await deliveries(readers, async (text) => {
      const status = await post(`${shop.url}/api/video-stream/message`, JSON.stringify({ video_stream_id: DEMO_LIVE_STREAM, text }), api);
      if (status !== 201) throw new Error(`POST /api/video-stream/message answered ${status}`);
    });
    for (const r of readers) r.req.destroy();

    const bareOrigin = `http://127.0.0.1:${bare.port}`;
    const bareReaders = await openReaders(bareOrigin, '/events', {}, CONNECTIONS);
    const bareTimes = await deliveries(bareReaders, async (text) => void (await post(`${bareOrigin}/send`, text, { 'content-type': 'text/plain' })));
    for (const r of bareReaders) r.req.destroy();

    const missed = shopTimes.filter((t) => !Number.isFinite(t)).length;
    const p99 = percentile(shopTimes, 99);
    const bareP99 = percentile(bareTimes, 99);
    const perConnection = (after - before) / CONNECTIONS;
    const figures: Figure[] = [
      [`SSE: a message to ${CONNECTIONS} open connections, p99 delivery (${ROUNDS} messages)`, `${p99.toFixed(1)} ms (p50 ${percentile(shopTimes, 50).toFixed(1)} ms${missed ? `, ${missed} NOT delivered` : ''})`, '≤ 200 ms'],
      ['  the same fan-out from a bare Hono route: p99, and the shop as a ratio to it', `${bareP99.toFixed(1)} ms; ${(p99 / bareP99).toFixed(1)} × bare`, ''],
      ['  shop RSS growth per open connection', `${perConnection.toFixed(1)} KB (${Math.round(before / 1024)} → ${Math.round(after / 1024)} MB)`, ''],
    ];
    return figures;
  } finally {
    await bare.stop();
    await shop.stop();
  }
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const figures = await benchSse();
  for (const [name, value, target] of figures) console.log(`${name}: ${value}${target ? ` (target ${target})` : ''}`);
  process.exit(0);
}

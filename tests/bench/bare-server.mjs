// The baseline for `npm run bench`: the smallest Hono app on the same Node adapter as the shop,
// in its own process like the shop, so both are measured the same way.
// With BURN_US and ANSWER_FILE it is the bench's "same work, nothing else" reference (decision
// 202): each answer spins the CPU that long and sends that file (the shop's own body bytes) under
// the shop's own header lines (ANSWER_HEADERS, [name, value] pairs in JSON), so its p99 under the
// same load is what any server doing the shop's work per request would get on this machine. It
// answers every path, so that it can be asked exactly as the shop was (the search's addresses).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';

/** The header load.ts marks wrk's requests with (GENERATOR_HEADER). */
const GENERATOR_HEADER = 'x-load-generator';

// wrk asks faster than autocannon and the shop spends more a request under it: a spin of its own.
const burnMs = Number(process.env.BURN_US ?? 0) / 1000;
const burnMsWrk = Number(process.env.BURN_US_WRK ?? process.env.BURN_US ?? 0) / 1000;
const answer = process.env.ANSWER_FILE ? readFileSync(process.env.ANSWER_FILE) : Buffer.alloc(0);
const headers = JSON.parse(process.env.ANSWER_HEADERS ?? '[["content-type", "application/octet-stream"]]');
const app = new Hono().get('*', (c) => {
  if (answer.length === 0) return c.text('ok');
  const until = performance.now() + (c.req.header(GENERATOR_HEADER) === 'wrk' ? burnMsWrk : burnMs);
  while (performance.now() < until);
  for (const [name, value] of headers) c.header(name, value, { append: true });
  return c.body(answer, 200);
});
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`bare hono listens on http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});

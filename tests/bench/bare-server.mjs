// The baseline for `npm run bench`: the smallest Hono app on the same Node adapter as the shop,
// in its own process like the shop, so both are measured the same way.
// With BURN_US and ANSWER_BYTES it is the bench's "same work, nothing else" reference (decision
// 202): each answer spins the CPU that long and sends that many bytes, so its p99 under the same
// load is what any server doing the shop's work per request would get on this machine. It answers
// every path, so that it can be asked exactly as the shop was (the search's distinct addresses).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const burnMs = Number(process.env.BURN_US ?? 0) / 1000;
const answer = Buffer.alloc(Number(process.env.ANSWER_BYTES ?? 0), 'x');
const app = new Hono().get('*', (c) => {
  if (answer.length === 0) return c.text('ok');
  const until = performance.now() + burnMs;
  while (performance.now() < until);
  return c.body(answer, 200, { 'content-type': 'application/octet-stream' });
});
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`bare hono listens on http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});

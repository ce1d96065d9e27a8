// The baseline for `npm run bench`: the smallest Hono app on the same Node adapter as the shop,
// in its own process like the shop, so both are measured the same way.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.text('ok'));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`bare hono listens on http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});

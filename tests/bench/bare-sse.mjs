// The baseline of the SSE bench: the smallest Hono fan-out on the same Node adapter and streaming
// helper as the shop, in its own process: GET /events holds a connection, POST /send writes the
// body to every one. The shop's delivery p99 is printed as a ratio to this one's.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';

const open = new Set();
const app = new Hono()
  .get('/events', (c) =>
    streamSSE(c, async (sse) => {
      open.add(sse);
      await sse.write(': ok\n\n');
      await new Promise((resolve) => sse.onAbort(resolve));
      open.delete(sse);
    }),
  )
  .post('/send', async (c) => {
    const text = await c.req.text();
    for (const sse of open) void sse.writeSSE({ event: 'message', data: text });
    return c.text('ok');
  });
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.log(`bare sse listens on http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});

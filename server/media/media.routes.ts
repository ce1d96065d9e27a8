import { Hono } from 'hono';
import { drawProductImage } from './placeholder-image';

const FILE = /^[a-z0-9][a-z0-9._-]{0,120}\.svg$/;

/** Demo media drawn on request; a real shop would serve uploaded files from the same paths. */
export function mediaRoutes() {
  const app = new Hono();
  const image = (file: string) =>
    new Response(drawProductImage(file), {
      headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" },
    });
  app.get('/data/product/image/medium/sk/:file', (c, next) => (FILE.test(c.req.param('file')) ? image(c.req.param('file')) : next()));
  app.get('/data/blog/image/:file', (c, next) => (FILE.test(c.req.param('file')) ? image(c.req.param('file')) : next()));
  return app;
}

import { Hono } from 'hono';
import { drawBannerImage, drawProductImage } from './placeholder-image';
import { drawAvatar, drawSellerPng } from './people-images';

const FILE = /^[a-z0-9][a-z0-9._-]{0,120}\.svg$/;

/** Demo media drawn on request; a real shop would serve uploaded files from the same paths. */
export function mediaRoutes() {
  const app = new Hono();
  const image = (file: string, draw = drawProductImage, extra: Record<string, string> = {}) =>
    new Response(draw(file), {
      headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'", ...extra },
    });
  // Partners' carousels show product pictures (server/embed): a page that isolates itself with COEP
  // loads a cross-origin image only when the image says cross-origin.
  app.get('/data/product/image/medium/sk/:file', (c, next) =>
    FILE.test(c.req.param('file')) ? image(c.req.param('file'), drawProductImage, { 'Cross-Origin-Resource-Policy': 'cross-origin' }) : next(),
  );
  app.get('/data/blog/image/:file', (c, next) => (FILE.test(c.req.param('file')) ? image(c.req.param('file')) : next()));
  app.get('/data/banner/:file', (c, next) => (FILE.test(c.req.param('file')) ? image(c.req.param('file'), drawBannerImage) : next()));
  // Seller pictures are PNGs at the spec's path (spec 9); review avatars are drawn SVGs.
  app.get('/data/seller/image/:file{[0-9]+\\.png}', (c, next) => {
    const id = c.req.param('file').slice(0, -4);
    if (id.length > 9) return next();
    return c.body(new Uint8Array(drawSellerPng(Number(id))), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' });
  });
  app.get('/data/review/avatar/:file', (c, next) => (FILE.test(c.req.param('file')) ? image(c.req.param('file'), drawAvatar) : next()));
  return app;
}

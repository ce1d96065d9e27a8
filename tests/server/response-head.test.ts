import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../server/http/env';
import { answer, responseHead } from '../../server/http/response-head';
import { securityFieldsFor } from '../../server/http/security-headers';
import { inProcess } from '../bench/in-process';

/** A middleware as ours are: headers before the handler, one cookie for a first visit. */
function shopApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(responseHead((c) => securityFieldsFor(c.req.path)));
  app.use(async (c, next) => {
    c.header('Content-Security-Policy', "default-src 'self'");
    c.header('X-Request-Id', 'r-1');
    c.header('Set-Cookie', 'sid=first; Path=/; HttpOnly', { append: true });
    await next();
  });
  app.get('/page', (c) => {
    c.header('Vary', 'Accept-Encoding', { append: true });
    c.header('Vary', 'Cookie', { append: true });
    return answer(c, '<p>ok</p>', 200, 'text/html; charset=UTF-8');
  });
  app.get('/own-policy', (c) => {
    c.header('Content-Security-Policy', "default-src 'none'");
    return answer(c, '{}', 200, 'application/json');
  });
  app.get('/two-cookies', (c) => {
    setCookie(c, 'locale', 'cs', { path: '/' });
    return answer(c, 'two', 201, 'text/plain');
  });
  app.get('/framed', (c) => {
    c.header('X-Frame-Options', 'DENY');
    return answer(c, 'framed', 200, 'text/plain');
  });
  app.get('/dropped', (c) => {
    c.header('X-Request-Id', undefined);
    return answer(c, 'x', 200, 'text/plain');
  });
  app.get('/json', (c) => c.json({ ok: true }, 200, { 'Content-Security-Policy': "default-src 'none'" }));
  app.get('/by-hand', () => new Response('hand', { headers: { 'content-type': 'text/plain' } }));
  app.get('/redirect', (c) => c.redirect('/page', 303));
  app.get('/throws', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => answer(c, 'problem', 500, 'application/problem+json'));
  return app;
}

afterEach(() => vi.restoreAllMocks());

describe('the response head', () => {
  it('writes an answer through the Node adapter as a plain record, building no Headers object', async () => {
    const set = vi.spyOn(Headers.prototype, 'set');
    const append = vi.spyOn(Headers.prototype, 'append');
    const request = inProcess(shopApp().fetch);
    const { status, headers, body } = await request('/page');
    expect(status).toBe(200);
    expect(body.toString()).toBe('<p>ok</p>');
    expect(headers).toMatchObject({
      'content-security-policy': "default-src 'self'",
      'x-request-id': 'r-1',
      'set-cookie': 'sid=first; Path=/; HttpOnly',
      vary: 'Accept-Encoding, Cookie',
      'content-type': 'text/html; charset=UTF-8',
    });
    expect(set).not.toHaveBeenCalled();
    expect(append).not.toHaveBeenCalled();
  });

  it('keeps what the handler set over what a middleware set before it', async () => {
    const response = await shopApp().request('/own-policy');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('x-request-id')).toBe('r-1');
  });

  it('keeps two cookies apart and in the order they were written', async () => {
    const response = await shopApp().request('/two-cookies');
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(['sid=first; Path=/; HttpOnly', 'locale=cs; Path=/']);
    const { headers } = await inProcess(shopApp().fetch)('/two-cookies');
    expect(headers['set-cookie']).toEqual(['sid=first; Path=/; HttpOnly', 'locale=cs; Path=/']);
  });

  it('starts every head from its own copy of the security headers', async () => {
    const app = shopApp();
    expect((await app.request('/framed')).headers.get('x-frame-options')).toBe('DENY');
    expect((await app.request('/page')).headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect((await app.request('/json')).headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect((await app.request('/page')).headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('drops a header set to undefined', async () => {
    const response = await shopApp().request('/dropped');
    expect(response.headers.has('x-request-id')).toBe(false);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it.each([
    ['c.json, whose own header wins', '/json', "default-src 'none'", 200],
    ['a Response built by hand', '/by-hand', "default-src 'self'", 200],
    ['a redirect', '/redirect', "default-src 'self'", 303],
  ])('merges the head into %s', async (_what, path, policy, status) => {
    const response = await shopApp().request(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-security-policy')).toBe(policy);
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(response.headers.getSetCookie()).toEqual(['sid=first; Path=/; HttpOnly']);
    if (path === '/redirect') expect(response.headers.get('location')).toBe('/page');
  });

  it('gives an error answer the head too', async () => {
    const response = await shopApp().request('/throws');
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('x-request-id')).toBe('r-1');
  });

  it('lets a middleware change a header after the answer exists, as Hono does', async () => {
    const app = new Hono<AppEnv>();
    app.use(responseHead(() => ({ 'x-frame-options': 'DENY' })));
    app.use(async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    });
    app.get('/', (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return answer(c, 'late', 200, 'text/plain');
    });
    const response = await app.request('/');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('late');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { cookieValue } from '../setup/html';
import { Browser, STRONG } from './accounts.client';
import { NOTIFY_PATH } from '../../server/payments/paths';
import { BAD_BODIES, concretePath, ODD_BODIES, stateChangingRoutes, type Route } from './bad-bodies.cases';

/**
 * Issue 17, "Bad input": a malformed body gets a 400, or a 403 when the request also lacks its CSRF
 * proof, never a 500, on every route (server/http/body.ts, docs/decisions/212). The routes come from
 * the app's own table, so one added later is walked too.
 */
let shop: TestShop;
let routes: Route[];
let params: Record<string, string>;
let addresses = 0;
const EMAIL = 'bad-bodies@example.sk';

/** A client whose session may be signed in; it signs in again when a route (sign-out) drops it. */
class Client {
  readonly browser: Browser;
  constructor(readonly signedIn: boolean) {
    this.browser = new Browser(shop);
  }
  async ready() {
    if (this.signedIn && !this.browser.sid) {
      // A route signed this client out: past the sign-in limiter's window, as a shopper coming back later.
      shop.clock.set(new Date(shop.clock.now().getTime() + 16 * 60_000));
      await this.browser.holdToken();
      const inn = await this.browser.form('/moje/prihlasenie', { username: EMAIL, password: STRONG });
      if (inn.status !== 303) throw new Error(`sign-in failed: ${inn.status}`);
      this.browser.csrf = '';
    }
    await this.browser.holdToken();
  }
  /** Each request from its own address, so no rate limit answers before the body is looked at. */
  async send(method: string, path: string, headers: Record<string, string>, body?: string | Uint8Array<ArrayBuffer>) {
    await this.ready();
    addresses += 1;
    const env = { incoming: { socket: { remoteAddress: `10.9.${Math.floor(addresses / 250) % 250}.${addresses % 250}` } } };
    const response = await shop.app.request(path, { method, body, headers: this.browser.headers(headers), redirect: 'manual' }, env);
    const text = await response.text();
    const sid = cookieValue(response, 'sid');
    if (sid !== undefined) {
      // Signed out, or the session rotated: the next request takes a fresh token (and signs in again).
      this.browser.sid = sid === '' || this.signedIn ? undefined : sid;
      this.browser.csrf = '';
    }
    return { status: response.status, type: response.headers.get('content-type') ?? '', text };
  }
}

type Proof = 'header token' | 'Sec-Fetch-Site' | 'token only inside the broken body' | 'no proof';
const PROOFS: Proof[] = ['header token', 'Sec-Fetch-Site', 'token only inside the broken body', 'no proof'];
const MALFORMED = 'Nesprávny formát požiadavky';
const EXPIRED = 'Platnosť formulára vypršala. Obnovte stránku a skúste to znova.';

function proofHeaders(proof: Proof, token: string): Record<string, string> {
  if (proof === 'header token') return { 'x-csrf-token': token };
  if (proof === 'Sec-Fetch-Site') return { 'sec-fetch-site': 'same-origin' };
  return {};
}

/** What is wrong with an answer, or null: the status, and the problem (JSON or the error page) saying why. */
function wrongAnswer(path: string, answer: { status: number; type: string; text: string }, status: number, detail: string): string | null {
  if (answer.status !== status) return `${answer.status} (${answer.text.slice(0, 120).replace(/\s+/g, ' ')})`;
  if (path.startsWith('/api/')) {
    if (!answer.type.startsWith('application/problem+json')) return `type ${answer.type}`;
    const problem = JSON.parse(answer.text) as { status: unknown; title: unknown; detail: unknown };
    if (problem.status !== status || typeof problem.title !== 'string' || !problem.title || problem.detail !== detail) return `problem ${answer.text}`;
    return null;
  }
  if (!answer.type.startsWith('text/html') || !answer.text.includes(detail)) return `page ${answer.type} without "${detail}"`;
  return null;
}

beforeAll(async () => {
  shop = createTestShop({ products: 40 });
  routes = stateChangingRoutes(shop.app);
  const productId = String((shop.db.$client.prepare('SELECT id FROM products ORDER BY id LIMIT 1').get() as { id: number }).id);
  params = { id: productId, productId, pointItemId: '1', kind: 'delivery', token: 'x'.repeat(43), number: '2610000001', hash: 'x'.repeat(43), switch: 'vypnut', shop: 'sk', code: 'sk', action: 'ulozit', step: 'hore', item: '1', voteHash: 'A'.repeat(22) };
  await new Browser(shop).signUpAndIn(EMAIL);
});
afterAll(() => shop.close());

describe('the routes walked', () => {
  it('are every POST, PUT and DELETE of the app, with plausible paths', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const known of ['POST /api/cart/add', 'POST /hladaj', 'POST /api/clear', 'PUT /api/favorite/product', 'DELETE /api/favorite/blog/:id', 'POST /payment/notify']) {
      expect(names).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) expect(concretePath(route.path, params)).toMatch(/^\/[^:{}*]*$/);
  });
});

describe('malformed bodies', () => {
  // Signed in, so that each handler behind a sign-in guard would be reached if nothing before it read the body.
  it('answer 400 with a proof and 403 without one, never 5xx, on every route', { timeout: 120_000 }, async () => {
    const client = new Client(true);
    const wrong: string[] = [];
    for (const route of routes) {
      const path = concretePath(route.path, params);
      for (const bad of BAD_BODIES) {
        for (const proof of PROOFS) {
          await client.ready();
          const token = client.browser.csrf;
          const body = bad.body(proof === 'token only inside the broken body' ? token : undefined);
          const answer = await client.send(route.method, path, { 'content-type': bad.type, ...proofHeaders(proof, token) }, body);
          // A body that does not parse proves nothing: its _csrf field is as good as absent (decision 212).
          // The bank's notification needs no CSRF proof (its signature is one), so it is a 400 either way.
          const proven = proof === 'header token' || proof === 'Sec-Fetch-Site' || path === NOTIFY_PATH;
          const [status, detail] = proven ? [400, MALFORMED] : [403, EXPIRED];
          const why = wrongAnswer(path, answer, status, detail);
          if (why) wrong.push(`${route.method} ${route.path} · ${bad.name} · ${proof}: ${why}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(shop.errors).toEqual([]);
  });
});

describe('a malformed form post from a script', () => {
  it('gets the problem as application/problem+json on page routes too when it accepts JSON', { timeout: 60_000 }, async () => {
    const client = new Client(true);
    const garbled = BAD_BODIES.find((bad) => bad.name === 'garbled multipart')!;
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.path.startsWith('/api/'))) {
      await client.ready();
      const path = concretePath(route.path, params);
      const headers = { 'content-type': garbled.type, 'x-csrf-token': client.browser.csrf, accept: 'application/json' };
      const answer = await client.send(route.method, path, headers, garbled.body());
      const problem = answer.type.startsWith('application/problem+json') ? (JSON.parse(answer.text) as Record<string, unknown>) : null;
      if (answer.status !== 400 || problem?.status !== 400 || problem.title !== 'Nesprávna požiadavka' || problem.detail !== MALFORMED) {
        wrong.push(`${route.method} ${route.path}: ${answer.status} ${answer.type} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe.each([
  ['an anonymous visitor', false],
  ['a signed-in shopper', true],
])('odd but well-formed bodies from %s', (_who, signedIn) => {
  it('reach the handlers and never answer 5xx', { timeout: 120_000 }, async () => {
    const client = new Client(signedIn);
    const wrong: string[] = [];
    for (const route of routes) {
      const path = concretePath(route.path, params);
      for (const odd of ODD_BODIES) {
        await client.ready();
        const headers: Record<string, string> = { 'x-csrf-token': client.browser.csrf };
        if (odd.type) headers['content-type'] = odd.type;
        const answer = await client.send(route.method, path, headers, odd.body?.());
        if (answer.status >= 500) wrong.push(`${route.method} ${route.path} · ${odd.name}: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(shop.errors).toEqual([]);
  });
});

describe('a form token in a body that parses', () => {
  it('is still the proof of a plain form, urlencoded or multipart', async () => {
    const client = new Client(false);
    await client.ready();
    const token = client.browser.csrf;
    const urlencoded = await client.send('POST', '/hladaj', { 'content-type': 'application/x-www-form-urlencoded' }, `_csrf=${token}&q=hrniec`);
    expect([urlencoded.status, urlencoded.text]).toEqual([303, '']);
    const form = new FormData();
    form.append('_csrf', token);
    form.append('q', 'hrniec');
    const multipart = new Response(form);
    const bytes = new Uint8Array(await multipart.arrayBuffer());
    const answer = await client.send('POST', '/hladaj', { 'content-type': multipart.headers.get('content-type')! }, bytes);
    expect(answer.status).toBe(303);
    expect(shop.errors).toEqual([]);
  });
});

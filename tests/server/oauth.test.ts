import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { createApp } from '../../server/app';
import { openDb } from '../../server/db/client';
import { hashSessionId } from '../../server/http/session';
import { startFakeOidc, type FakeOidc } from '../setup/fake-oidc';
import { createTestShop, type TestShop } from '../setup/test-app';
import { Browser, sessionRow, STRONG } from './accounts.client';

let fake: FakeOidc;
let shop: TestShop;

beforeAll(async () => {
  fake = await startFakeOidc();
  shop = createTestShop({
    products: 0,
    env: { GOOGLE_CLIENT_ID: fake.clientId, GOOGLE_CLIENT_SECRET: fake.clientSecret, GOOGLE_ISSUER: fake.issuer },
  });
});
afterAll(async () => {
  shop.close();
  await fake.close();
});

const SHOP_ORIGIN = 'http://127.0.0.1:3000';

const userByEmail = (email: string) =>
  shop.db.$client.prepare('SELECT id, email, password_hash, phone, roles, status FROM users WHERE email = ?').get(email) as
    | { id: number; email: string; password_hash: string | null; phone: string | null; roles: string; status: string }
    | undefined;
const userCount = () => (shop.db.$client.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
const links = (userId: number) => shop.db.$client.prepare('SELECT provider, subject FROM oauth_accounts WHERE user_id = ?').all(userId);
const linkCount = () => (shop.db.$client.prepare('SELECT count(*) AS n FROM oauth_accounts').get() as { n: number }).n;
const points = (userId: number) => shop.db.$client.prepare('SELECT value, item_type FROM point_entries WHERE user_id = ?').all(userId);
const formError = (r: { doc: Document | null }) => r.doc?.querySelector('.message--error')?.textContent ?? null;

/** The shop's redirect to the provider, and the provider's (auto-consented) redirect back. */
async function toProvider(b: Browser, path = '/connect/google') {
  const started = await b.get(path);
  expect(started.status).toBe(303);
  expect(started.location!.startsWith(`${fake.issuer}/authorize?`)).toBe(true);
  const consent = await fetch(started.location!, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${SHOP_ORIGIN}/connect/google`);
  return { authorize: new URL(started.location!), callback: back.pathname + back.search, params: back.searchParams };
}

async function signInWithGoogle(b: Browser, path?: string) {
  const { callback } = await toProvider(b, path);
  return b.get(callback);
}

async function isSignedIn(b: Browser) {
  return (await b.get('/moje/konto')).status === 200;
}

describe('social sign-in through a fake OpenID provider', () => {
  it('start → provider → callback: a new consumer account, signed in with a rotated session, on /moje/konto', async () => {
    fake.user = { sub: 'g-100', email: 'Nova.Zakaznicka@Example.sk', email_verified: true };
    const b = new Browser(shop);
    await b.get('/');
    expect(b.sid).toBeUndefined();
    const { authorize, callback, params } = await toProvider(b);
    // The flow is kept under a session: the start gave a browser without one its cookie.
    const anonymousSid = b.sid!;
    expect(anonymousSid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // What the shop asked for: code flow, PKCE S256, a state and a nonce, its own redirect URI.
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('client_id')).toBe(fake.clientId);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(authorize.searchParams.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    expect(authorize.searchParams.get('scope')).toBe('openid email');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${SHOP_ORIGIN}/connect/google`);
    expect(params.get('state')).toBe(authorize.searchParams.get('state'));

    const done = await b.get(callback);
    expect(done.status).toBe(303);
    expect(done.location).toBe('/moje/konto');
    expect(b.sid).not.toBe(anonymousSid);
    expect(fake.tokenLog.at(-1)).toEqual({ status: 200 });

    const user = userByEmail('nova.zakaznicka@example.sk')!;
    expect(user).toMatchObject({ password_hash: null, phone: null, status: 'active' });
    expect(JSON.parse(user.roles)).toEqual(['ROLE_CONSUMER']);
    expect(links(user.id)).toEqual([{ provider: 'google', subject: 'g-100' }]);
    expect(points(user.id)).toEqual([{ value: 50, item_type: 'registration' }]);
    expect(sessionRow(shop, hashSessionId(b.sid!))!.user_id).toBe(user.id);
    expect(sessionRow(shop, hashSessionId(anonymousSid))).toBeUndefined();
    const account = await b.get('/moje/konto');
    expect(account.status).toBe(200);
    // The header's sync widget pushes local favourites on this page, as after a password sign-in.
    expect(account.doc!.querySelector('shop-favourites-sync')).not.toBeNull();
  });

  it('a state from another session is refused with a clear message and changes nothing', async () => {
    fake.user = { sub: 'g-200', email: 'cudzi@example.sk', email_verified: true };
    const attacker = new Browser(shop);
    const { callback } = await toProvider(attacker);
    const victim = new Browser(shop);
    await victim.get('/');
    const before = { users: userCount(), links: linkCount(), tokens: fake.tokenLog.length };
    const r = await victim.get(callback);
    expect(r.status).toBe(400);
    expect(formError(r)).toBe('Prihlásenie cez Google sa nepodarilo overiť: odkaz vypršal alebo už bol použitý. Skúste to znova.');
    expect({ users: userCount(), links: linkCount(), tokens: fake.tokenLog.length }).toEqual(before);
    expect(await isSignedIn(victim)).toBe(false);
    // A made-up state in the right session fares no better.
    const forged = await attacker.get(callback.replace(/state=[^&]+/, 'state=made-up'));
    expect(forged.status).toBe(400);
    expect(await isSignedIn(attacker)).toBe(false);
  });

  it('a state works once: replaying the callback is refused before any code exchange', async () => {
    fake.user = { sub: 'g-300', email: 'raz@example.sk', email_verified: true };
    const b = new Browser(shop);
    const { callback } = await toProvider(b);
    expect((await b.get(callback)).status).toBe(303);
    const before = { users: userCount(), tokens: fake.tokenLog.length };
    const replay = await b.get(callback);
    expect(replay.status).toBe(400);
    expect(formError(replay)).toMatch(/už bol použitý/);
    expect({ users: userCount(), tokens: fake.tokenLog.length }).toEqual(before);
  });

  it('a sign-in started in one process completes in another on the same database, and only once', async () => {
    fake.user = { sub: 'g-310', email: 'druhy.proces@example.sk', email_verified: true };
    const b = new Browser(shop);
    const { callback, params } = await toProvider(b);
    // Kept under its hash: the table holds no state a callback would accept.
    const stored = shop.db.$client.prepare('SELECT state_hash FROM oauth_flows').all() as { state_hash: string }[];
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((r) => r.state_hash)).not.toContain(params.get('state'));

    // A second app on its own connection to the same file, as a second process or a restart.
    const db = openDb(shop.config.dbFile);
    try {
      const other = createApp({ db, config: shop.config, clock: shop.clock, mailer: { send: async () => {} }, logger: { error: () => {}, info: () => {} } });
      const elsewhere = new Browser({ ...shop, app: other, db });
      elsewhere.sid = b.sid;
      const done = await elsewhere.get(callback);
      expect(done.status).toBe(303);
      expect(done.location).toBe('/moje/konto');
      expect(userByEmail('druhy.proces@example.sk')).toBeDefined();
      // Spent for both: the first app refuses the same callback.
      const tokens = fake.tokenLog.length;
      const replay = await b.get(callback);
      expect(replay.status).toBe(400);
      expect(fake.tokenLog.length).toBe(tokens);
    } finally {
      db.$client.close();
    }
  });

  it('a session keeps its three newest started sign-ins; an older one is refused', async () => {
    fake.user = { sub: 'g-320', email: 'styri.karty@example.sk', email_verified: true };
    const b = new Browser(shop);
    const callbacks: string[] = [];
    for (let i = 0; i < 4; i++) callbacks.push((await toProvider(b)).callback);
    const mine = shop.db.$client.prepare('SELECT count(*) AS n FROM oauth_flows WHERE session_hash = ?').get(hashSessionId(b.sid!)) as { n: number };
    expect(mine.n).toBe(3);
    expect((await b.get(callbacks[0])).status).toBe(400);
    expect((await b.get(callbacks[3])).status).toBe(303);
  });

  it('an account made through Google is closed by typing its e-mail soon after signing in, or after signing in again', async () => {
    fake.user = { sub: 'g-330', email: 'bez.hesla@example.sk', email_verified: true };
    const b = new Browser(shop);
    expect((await signInWithGoogle(b)).status).toBe(303);
    const id = userByEmail('bez.hesla@example.sk')!.id;
    // No password to confirm with: the form asks for the e-mail instead.
    const page = await b.get('/moje/udaje');
    const form = page.doc!.querySelector('form[action="/moje/zrusit-konto"]')!;
    expect(form.querySelector('input[name="email"][type="email"]')).not.toBeNull();
    expect(form.querySelector('input[name="password"]')).toBeNull();
    expect(form.textContent).toContain('Konto bez hesla zrušíte do 10 minút po prihlásení.');

    const typo = await b.form('/moje/zrusit-konto', { email: 'bez.hesla@example.com' });
    expect(typo.status).toBe(400);
    expect(formError(typo)).toBe('E-mail sa nezhoduje s vaším kontom. Konto sme nezrušili.');

    // Eleven minutes later the sign-in no longer counts: refused, with the way to sign in again.
    const now = shop.clock.now();
    shop.clock.set(new Date(now.getTime() + 11 * 60 * 1000));
    try {
      const stale = await b.form('/moje/zrusit-konto', { email: 'Bez.Hesla@example.sk' });
      expect(stale.status).toBe(403);
      expect(formError(stale)).toMatch(/do 10 minút po prihlásení/);
      const again = stale.doc!.querySelector<HTMLAnchorElement>('a.auth-social__link--google')!;
      expect(again.getAttribute('href')).toBe('/connect/google?r=%2Fmoje%2Fudaje');
      expect(userByEmail('bez.hesla@example.sk')).toBeDefined();

      // Signing in again while signed in goes through the provider and back to the data page.
      const { callback } = await toProvider(b, again.getAttribute('href')!);
      const back = await b.get(callback);
      expect(back.location).toBe('/moje/udaje');
      expect((await b.get('/moje/udaje')).status).toBe(200);
      const done = await b.form('/moje/zrusit-konto', { email: 'Bez.Hesla@example.sk' });
      expect(done.status).toBe(303);
    } finally {
      shop.clock.set(now);
    }
    const row = shop.db.$client.prepare('SELECT email, deleted_at FROM users WHERE id = ?').get(id) as { email: string; deleted_at: number | null };
    expect(row.email).toBe(`deleted-${id}@deleted.invalid`);
    expect(row.deleted_at).not.toBeNull();
    expect(links(id)).toEqual([]);
  });

  it('the fake provider refuses a wrong PKCE verifier, so an injected code signs nobody in', async () => {
    fake.user = { sub: 'g-400', email: 'utocnik@example.sk', email_verified: true };
    // Directly: a code with a verifier that does not match its challenge.
    const attacker = new Browser(shop);
    const stolen = (await toProvider(attacker)).params.get('code')!;
    const direct = await fetch(`${fake.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: stolen,
        redirect_uri: `${SHOP_ORIGIN}/connect/google`,
        code_verifier: 'a'.repeat(43),
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
      }),
    });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toEqual({ error: 'invalid_grant' });

    // Through the shop: the attacker's code, issued for the attacker's challenge, pasted into the
    // victim's callback with the victim's valid state. The shop sends the victim's verifier.
    const code = (await toProvider(attacker)).params.get('code')!;
    const victim = new Browser(shop);
    const { params } = await toProvider(victim);
    const before = userCount();
    const r = await victim.get(`/connect/google?state=${params.get('state')}&code=${code}`);
    expect(r.status).toBe(400);
    expect(formError(r)).toBe('Prihlásenie cez Google sa nepodarilo. Skúste to znova alebo sa prihláste e-mailom a heslom.');
    expect(fake.tokenLog.at(-1)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(userCount()).toBe(before);
    expect(await isSignedIn(victim)).toBe(false);
    // A refused code is the shopper's dead end, logged as info, not as a server error.
    expect(shop.errors).toEqual([]);
  });

  it('an ID token with the wrong nonce, audience or issuer is refused', async () => {
    fake.user = { sub: 'g-450', email: 'podvrh@example.sk', email_verified: true };
    try {
      for (const tamper of ['nonce', 'audience', 'issuer'] as const) {
        fake.tamper = tamper;
        const b = new Browser(shop);
        const r = await signInWithGoogle(b);
        expect(r.status).toBe(400);
        expect(formError(r)).toMatch(/sa nepodarilo\. Skúste to znova/);
        expect(fake.tokenLog.at(-1)).toEqual({ status: 200 });
        expect(await isSignedIn(b)).toBe(false);
      }
      expect(shop.errors).toHaveLength(3);
    } finally {
      fake.tamper = null;
      shop.errors.length = 0;
    }
    expect(userByEmail('podvrh@example.sk')).toBeUndefined();
  });

  it('a started sign-in expires after 10 minutes', async () => {
    fake.user = { sub: 'g-460', email: 'pomaly@example.sk', email_verified: true };
    const b = new Browser(shop);
    const { callback } = await toProvider(b);
    const now = shop.clock.now();
    shop.clock.set(new Date(now.getTime() + 10 * 60 * 1000 + 1));
    try {
      const r = await b.get(callback);
      expect(r.status).toBe(400);
      expect(formError(r)).toMatch(/odkaz vypršal/);
    } finally {
      shop.clock.set(now);
    }
    expect(userByEmail('pomaly@example.sk')).toBeUndefined();
  });

  it('an e-mail the provider does not call verified is refused: no account, no link, even when the account exists', async () => {
    await new Browser(shop).api('POST', '/api/security/signup', { username: 'overit@example.sk', password: STRONG, phone: '0905123456' });
    const existing = userByEmail('overit@example.sk')!;
    for (const user of [
      { sub: 'g-500', email: 'neovereny@example.sk', email_verified: false },
      { sub: 'g-501', email: 'bez-naroku@example.sk' },
      { sub: 'g-502', email: 'overit@example.sk', email_verified: false },
    ]) {
      fake.user = user;
      const b = new Browser(shop);
      const before = { users: userCount(), links: linkCount() };
      const r = await signInWithGoogle(b);
      expect(r.status).toBe(403);
      expect(formError(r)).toBe(
        'Google nepotvrdil, že váš e-mail je overený, preto vás nemôžeme prihlásiť. Overte si e-mail u Google alebo sa zaregistrujte e-mailom a heslom.',
      );
      expect({ users: userCount(), links: linkCount() }).toEqual(before);
      expect(await isSignedIn(b)).toBe(false);
    }
    expect(links(existing.id)).toEqual([]);
  });

  it('links an existing account by its verified e-mail, then the second sign-in uses the link', async () => {
    await new Browser(shop).api('POST', '/api/security/signup', { username: 'jestvujuci@example.sk', password: STRONG, phone: '0905123456' });
    const existing = userByEmail('jestvujuci@example.sk')!;
    fake.user = { sub: 'g-600', email: 'Jestvujuci@Example.sk', email_verified: true };
    const first = new Browser(shop);
    const before = userCount();
    const r = await signInWithGoogle(first);
    expect(r.status).toBe(303);
    expect(r.location).toBe('/moje/konto');
    expect(userCount()).toBe(before);
    expect(links(existing.id)).toEqual([{ provider: 'google', subject: 'g-600' }]);
    expect(points(existing.id)).toEqual([{ value: 50, item_type: 'registration' }]);
    expect(sessionRow(shop, hashSessionId(first.sid!))!.user_id).toBe(existing.id);
    // The password still works: linking took nothing away.
    expect((await new Browser(shop).form('/moje/prihlasenie', { username: 'jestvujuci@example.sk', password: STRONG })).status).toBe(303);

    // Next time the subject alone decides, even if the provider's e-mail changed or is unverified now.
    fake.user = { sub: 'g-600', email: 'iny@example.sk', email_verified: false };
    const second = new Browser(shop);
    const again = await signInWithGoogle(second);
    expect(again.status).toBe(303);
    expect(sessionRow(shop, hashSessionId(second.sid!))!.user_id).toBe(existing.id);
    expect(userCount()).toBe(before);
    expect(userByEmail('iny@example.sk')).toBeUndefined();
  });

  it('a pending wholesale request signs in as the consumer it is, like with a password', async () => {
    await new Browser(shop).api('POST', '/api/security/signup', { username: 'velkoobchod@example.sk', password: STRONG, phone: '0905123456', type: 'wholesale' });
    fake.user = { sub: 'g-700', email: 'velkoobchod@example.sk', email_verified: true };
    const b = new Browser(shop);
    expect((await signInWithGoogle(b)).status).toBe(303);
    const user = userByEmail('velkoobchod@example.sk')!;
    expect(user.status).toBe('pending');
    expect(JSON.parse(user.roles)).toEqual(['ROLE_CONSUMER']);
    expect(await isSignedIn(b)).toBe(true);
  });

  it('returns to a local ?r= path only', async () => {
    fake.user = { sub: 'g-100', email: 'nova.zakaznicka@example.sk', email_verified: true };
    const b = new Browser(shop);
    expect((await signInWithGoogle(b, '/connect/google?r=%2Fmoje%2Fbody')).location).toBe('/moje/body');
    const c = new Browser(shop);
    expect((await signInWithGoogle(c, '/connect/google?r=%2F%2Fevil.example')).location).toBe('/moje/konto');
    // Already signed in: a start still goes to the provider (signing in again, decision 198).
    expect((await c.get('/connect/google')).location!.startsWith(`${fake.issuer}/authorize?`)).toBe(true);
  });

  it('a cancelled consent shows its message and spends the state', async () => {
    const b = new Browser(shop);
    const started = await b.get('/connect/google');
    const state = new URL(started.location!).searchParams.get('state')!;
    const r = await b.get(`/connect/google?error=access_denied&state=${state}`);
    expect(r.status).toBe(400);
    expect(formError(r)).toBe('Prihlásenie cez Google bolo zrušené.');
    expect((await b.get(`/connect/google?state=${state}&code=x`)).status).toBe(400);
  });

  it('the sign-in and sign-up pages link only the configured providers; a disabled one answers 404', async () => {
    const b = new Browser(shop);
    for (const path of ['/moje/prihlasenie', '/registracia']) {
      const page = await b.get(path);
      const social = [...page.doc!.querySelectorAll('.auth-social a')].map((a) => [a.textContent, a.getAttribute('href')]);
      expect(social).toEqual([['Prihlásiť sa cez Google', '/connect/google']]);
    }
    const back = await b.get('/moje/prihlasenie?r=%2Foblubene');
    expect(back.doc!.querySelector('.auth-social a')!.getAttribute('href')).toBe('/connect/google?r=%2Foblubene');
    expect((await b.get('/connect/facebook')).status).toBe(404);
    expect((await b.get('/connect/facebook?code=x&state=y')).status).toBe(404);
    expect((await b.get('/connect/twitter')).status).toBe(404);

    const plain = createTestShop({ products: 0 });
    try {
      const page = await new Browser(plain).get('/moje/prihlasenie');
      expect(page.doc!.querySelector('.auth-social')).toBeNull();
      expect((await new Browser(plain).get('/connect/google')).status).toBe(404);
    } finally {
      plain.close();
    }
  });

  it('the links are translated', async () => {
    const b = new Browser(shop);
    const en = await b.get('/moje/prihlasenie', { cookie: 'locale=en' });
    expect(en.doc!.querySelector('.auth-social a')!.textContent).toBe('Sign in with Google');
    const de = await b.get('/registracia', { cookie: 'locale=de' });
    expect(de.doc!.querySelector('.auth-social a')!.textContent).toBe('Mit Google anmelden');
  });

  it('starts count against the sign-in limit of the address', async () => {
    const b = new Browser(shop, '10.99.0.1');
    for (let i = 0; i < 30; i += 1) expect((await b.get('/connect/google')).status).toBe(303);
    const over = await b.get('/connect/google');
    expect(over.status).toBe(429);
    expect(over.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(formError(over)).toMatch(/Príliš veľa pokusov/);
  });
});

describe('Facebook', () => {
  it('works through the same code when discovery names no token endpoint (FACEBOOK_TOKEN_URL fills it in)', async () => {
    const facebook = await startFakeOidc({ clientId: 'fb-app', clientSecret: 'fb-secret', withoutTokenEndpoint: true });
    const fbShop = createTestShop({
      products: 0,
      env: {
        FACEBOOK_CLIENT_ID: 'fb-app',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        FACEBOOK_ISSUER: facebook.issuer,
        FACEBOOK_TOKEN_URL: `${facebook.issuer}/token`,
      },
    });
    try {
      facebook.user = { sub: 'fb-1', email: 'fb@example.sk', email_verified: true };
      const b = new Browser(fbShop);
      const page = await b.get('/moje/prihlasenie');
      expect([...page.doc!.querySelectorAll('.auth-social a')].map((a) => a.textContent)).toEqual(['Prihlásiť sa cez Facebook']);
      expect((await b.get('/connect/google')).status).toBe(404);
      const started = await b.get('/connect/facebook');
      const consent = await fetch(started.location!, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      expect(back.pathname).toBe('/connect/facebook');
      const done = await b.get(back.pathname + back.search);
      expect(done.location).toBe('/moje/konto');
      expect(facebook.tokenLog).toEqual([{ status: 200 }]);
      const user = fbShop.db.$client.prepare('SELECT id FROM users WHERE email = ?').get('fb@example.sk') as { id: number };
      expect(fbShop.db.$client.prepare('SELECT provider, subject FROM oauth_accounts WHERE user_id = ?').all(user.id)).toEqual([
        { provider: 'facebook', subject: 'fb-1' },
      ]);
    } finally {
      fbShop.close();
      await facebook.close();
    }
  });
});

describe('social sign-in settings', () => {
  it('a provider needs both its id and secret, and an HTTPS issuer unless on this machine', () => {
    expect(loadConfig({}).oauth.providers).toEqual({ google: null, facebook: null });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(ConfigError);
    expect(() => loadConfig({ FACEBOOK_CLIENT_SECRET: 's' })).toThrow(/FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: 'http://idp.example' })).toThrow(/GOOGLE_ISSUER/);
    const config = loadConfig({ FACEBOOK_CLIENT_ID: 'id', FACEBOOK_CLIENT_SECRET: 's', OAUTH_REDIRECT_BASE: 'https://obchod.sk/' });
    expect(config.oauth.providers.facebook).toEqual({
      clientId: 'id',
      clientSecret: 's',
      issuer: 'https://www.facebook.com',
      tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    });
    expect(config.oauth.redirectBase).toBe('https://obchod.sk');
  });
});

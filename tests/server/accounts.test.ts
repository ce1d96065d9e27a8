import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashSessionId } from '../../server/http/session';
import { runAccountsCli } from '../../server/accounts/cli';
import { verifyPassword } from '../../server/accounts/password';
import { createTestShop, type TestShop } from '../setup/test-app';
import { defaultsOf } from '../setup/html';
import { Browser, sessionRow, STRONG } from './accounts.client';

// scrypt costs ~100 ms per sign-in or sign-up by design; these tests do dozens.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 12 });
});
afterAll(() => shop.close());

const user = (email: string) =>
  shop.db.$client.prepare('SELECT id, email, roles, status, requested_type, phone, password_hash FROM users WHERE email = ?').get(email) as
    | { id: number; email: string; roles: string; status: string; requested_type: string; phone: string; password_hash: string }
    | undefined;

describe('sign-up', () => {
  it('refuses each invalid field with its own message and creates nothing', async () => {
    const b = new Browser(shop);
    const users = () => shop.db.$client.prepare('SELECT COUNT(*) AS n FROM users').get();
    // The demo seeds a few accounts of its own (sellers, a story author): none may be added.
    const before = users();
    const r = await b.api('POST', '/api/security/signup', { username: 'not-an-email', password: 'short', password2: 'other', phone: '0212345678' });
    expect(r.status).toBe(400);
    expect(r.response.headers.get('content-type')).toContain('application/problem+json');
    expect(r.json.errors).toEqual({
      username: 'Nesprávny formát',
      phone: 'Nesprávny formát',
      password: 'Heslo musí mať aspoň 10 znakov',
      password2: 'Musí sa zhodovať',
    });
    expect(users()).toEqual(before);
  });

  it('refuses a common password and one shorter than 10 characters', async () => {
    const b = new Browser(shop);
    for (const password of ['password123', 'qwertyuiop', '1234567890']) {
      const r = await b.api('POST', '/api/security/signup', { username: 'common@example.sk', password, phone: '0905123456' });
      expect(r.status, password).toBe(400);
      expect(r.json.errors.password).toMatch(/ľahko uhádnuť/);
    }
    const short = await b.api('POST', '/api/security/signup', { username: 'common@example.sk', password: 'Xk9#pQ2z', phone: '0905123456' });
    expect(short.json.errors.password).toBe('Heslo musí mať aspoň 10 znakov');
    expect(user('common@example.sk')).toBeUndefined();
  });

  it('accepts a mobile number in the shop country and stores it as E.164, hashed password with scrypt', async () => {
    const b = new Browser(shop);
    const r = await b.api('POST', '/api/security/signup', { username: ' Mobil@Example.SK ', password: STRONG, phone: '0905 123 456' });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ username: 'mobil@example.sk', status: 'active', redirect: '/moje/prihlasenie' });
    const row = user('mobil@example.sk')!;
    expect(row.phone).toBe('+421905123456');
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.password_hash).not.toContain(STRONG);
    expect(await verifyPassword(STRONG, row.password_hash)).toBe(true);
    expect(JSON.parse(row.roles)).toEqual(['ROLE_CONSUMER']);
  });

  it('a second account on the same e-mail gets a clear error and changes nothing', async () => {
    const b = new Browser(shop);
    const r = await b.api('POST', '/api/security/signup', { username: 'MOBIL@example.sk', password: 'Iný dlhý text na heslo 77', phone: '0905999888' });
    expect(r.status).toBe(409);
    expect(r.json.errors.username).toMatch(/už existuje/);
    expect(user('mobil@example.sk')!.phone).toBe('+421905123456');
  });

  it('no request can grant a role: wholesale and seller stay pending consumers, extra fields are ignored', async () => {
    const b = new Browser(shop);
    for (const [email, type] of [
      ['whole@example.sk', 'wholesale'],
      ['seller@example.sk', 'seller'],
      ['admin@example.sk', 'ROLE_SELLER'],
    ]) {
      const r = await b.api('POST', '/api/security/signup', { username: email, password: STRONG, phone: '0905123456', type, roles: 'ROLE_SELLER', status: 'active' });
      expect(r.status).toBe(201);
    }
    expect(user('whole@example.sk')).toMatchObject({ roles: '["ROLE_CONSUMER"]', status: 'pending', requested_type: 'wholesale' });
    expect(user('seller@example.sk')).toMatchObject({ roles: '["ROLE_CONSUMER"]', status: 'pending', requested_type: 'seller' });
    expect(user('admin@example.sk')).toMatchObject({ roles: '["ROLE_CONSUMER"]', status: 'active', requested_type: 'consumer' });
    // JSON bodies with arrays cannot do it either.
    await b.api('POST', '/api/security/signup', { username: 'json@example.sk', password: STRONG, phone: '0905123456', roles: ['ROLE_SELLER'], status: 'active', type: 'seller' }, { json: true });
    expect(user('json@example.sk')).toMatchObject({ roles: '["ROLE_CONSUMER"]', status: 'pending' });
  });

  it('the page form keeps the input (never passwords), shows messages, and on success goes to sign-in', async () => {
    const b = new Browser(shop);
    const page = await b.get('/registracia?type=seller');
    // Spec 5 (issue 23): the guard disables the submit until the fields are valid; drawn enabled by the
    // server, so the form works without JavaScript and the server's checks answer.
    const submit = page.doc!.querySelector('shop-sign-up-guard form.auth-form button[type="submit"]');
    expect(submit?.hasAttribute('disabled')).toBe(false);
    const bad = await b.form('/registracia', { username: 'page@example.sk', phone: '0905123456', password: STRONG, password2: 'different', type: 'seller' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector<HTMLInputElement>('input[name="username"]')!.getAttribute('value')).toBe('page@example.sk');
    expect(bad.doc!.querySelector('input[name="password"]')!.getAttribute('value')).toBeNull();
    expect(bad.doc!.querySelector('#f-password2-error')!.textContent).toBe('Musí sa zhodovať');
    expect(bad.doc!.querySelector<HTMLInputElement>('input[name="type"][value="seller"]')!.hasAttribute('checked')).toBe(true);
    const ok = await b.form('/registracia', { username: 'page@example.sk', phone: '0905123456', password: STRONG, password2: STRONG, type: 'seller' });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/moje/prihlasenie?registrovany=1&type=seller');
    const signIn = await b.get(ok.location!);
    expect(signIn.doc!.querySelector('.message--success')).not.toBeNull();
    expect(signIn.doc!.querySelector<HTMLInputElement>('form.auth-form input[name="type"]')!.value).toBe('seller');
  });

  it('the operator CLI lists pending requests and approves one with its role', async () => {
    const lines: string[] = [];
    expect(runAccountsCli(shop.db, ['list-pending'], (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain('whole@example.sk\twholesale');
    expect(runAccountsCli(shop.db, ['approve', '--email', 'WHOLE@example.sk', '--role', 'wholesale'], (l) => lines.push(l))).toBe(0);
    expect(user('whole@example.sk')).toMatchObject({ roles: '["ROLE_CONSUMER","ROLE_WHOLESALE"]', status: 'active' });
    expect(runAccountsCli(shop.db, ['approve', '--email', 'nobody@example.sk', '--role', 'seller'], () => {})).toBe(1);
    expect(runAccountsCli(shop.db, ['approve', '--email', 'seller@example.sk', '--role', 'admin'], () => {})).toBe(2);
  });
});

describe('sign-in', () => {
  beforeAll(async () => {
    await new Browser(shop).api('POST', '/api/security/signup', { username: 'jana.novakova@example.sk', password: STRONG, phone: '0905123456' });
  });

  it('rotates the session id, deletes the old row, moves the cart and lands on /moje/konto', async () => {
    const b = new Browser(shop);
    await b.holdToken();
    const oldSid = b.sid!;
    const oldHash = hashSessionId(oldSid);
    // An anonymous cart under the old session.
    shop.db.$client.prepare('INSERT INTO sessions (id_hash, created_at, expires_at) VALUES (?, ?, ?)').run(oldHash, Date.now(), Date.now() + 86_400_000);
    const cartId = shop.db.$client.prepare('INSERT INTO carts (session_hash, shop_id, updated_at) VALUES (?, 1, ?)').run(oldHash, Date.now()).lastInsertRowid;
    const r = await b.form('/moje/prihlasenie', { username: 'Jana.Novakova@example.sk', password: STRONG });
    expect(r.status).toBe(303);
    expect(r.location).toBe('/moje/konto');
    expect(b.sid).toBeDefined();
    expect(b.sid).not.toBe(oldSid);
    expect(sessionRow(shop, oldHash)).toBeUndefined();
    expect(sessionRow(shop, hashSessionId(b.sid!))!.user_id).toBe(user('jana.novakova@example.sk')!.id);
    expect(shop.db.$client.prepare('SELECT session_hash FROM carts WHERE id = ?').get(cartId)).toEqual({ session_hash: hashSessionId(b.sid!) });
    // The old cookie is anonymous now.
    const stale = new Browser(shop);
    stale.sid = oldSid;
    const page = await stale.get('/moje/konto');
    expect(page.status).toBe(303);
  });

  it('the header shows the name before the at-sign, the account links and the defaults', async () => {
    const b = new Browser(shop);
    await b.form('/moje/prihlasenie', { username: 'jana.novakova@example.sk', password: STRONG });
    const { doc } = await b.get('/moje/konto');
    expect(doc!.querySelector('.profile-menu__name')!.textContent).toBe('jana.novakova');
    expect(doc!.querySelector('h1')!.textContent).toContain('jana.novakova');
    const defaults = defaultsOf(doc!);
    expect(defaults).toMatchObject({ isLogged: true, loggedUsername: 'jana.novakova@example.sk', loggedRoles: ['ROLE_CONSUMER'] });
    const header = doc!.querySelector('shop-profile-menu')!;
    expect(header.querySelector('a[href="/moje/udaje"]')).not.toBeNull();
    expect(header.querySelector('a[href="/moje/produkty"]')).toBeNull();
    const signOut = header.querySelector('form[action="/moje/odhlasenie"]')!;
    expect(signOut.getAttribute('method')).toBe('post');
    expect(signOut.querySelector<HTMLInputElement>('input[name="_csrf"]')!.value).toBe(defaults.csrf);
    expect(doc!.querySelector('shop-favourites-sync')).not.toBeNull();
    // The account menu: menubar and phone dropdown.
    expect(doc!.querySelector('.account-menu__bar a[aria-current="page"]')!.getAttribute('href')).toBe('/moje/konto');
    expect(doc!.querySelector('details.account-menu__dropdown form[action="/moje/odhlasenie"]')).not.toBeNull();
  });

  it('a wrong password and an unknown e-mail get the very same answer', async () => {
    const answers = [];
    for (const username of ['jana.novakova@example.sk', 'nobody-here@example.sk']) {
      const r = await new Browser(shop).api('POST', '/api/security/signin', { username, password: 'Zlé heslo, ale dlhé' });
      answers.push({ status: r.status, type: r.response.headers.get('content-type'), body: { ...r.json, requestId: undefined } });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].status).toBe(401);
    expect(answers[0].body.detail).toBe('Nesprávne prihlasovacie údaje');
    const page = await new Browser(shop).form('/moje/prihlasenie', { username: 'nobody-here@example.sk', password: 'x' });
    expect(page.status).toBe(401);
    expect(page.doc!.querySelector('.message--error')!.textContent).toBe('Nesprávne prihlasovacie údaje');
    expect(page.doc!.querySelector<HTMLInputElement>('input[name="username"]')!.getAttribute('value')).toBe('nobody-here@example.sk');
  });

  it('the API signs in with multipart and sets a new cookie', async () => {
    const b = new Browser(shop);
    await b.get('/');
    const before = b.sid;
    const r = await b.api('POST', '/api/security/signin', { username: 'jana.novakova@example.sk', password: STRONG, type: 'seller' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ username: 'jana.novakova@example.sk', roles: ['ROLE_CONSUMER'], redirect: '/moje/konto' });
    expect(b.sid).not.toBe(before);
  });

  it('returns only to a local path', async () => {
    const b = new Browser(shop);
    const r = await b.form('/moje/prihlasenie', { username: 'jana.novakova@example.sk', password: STRONG, r: '//evil.example/x' });
    expect(r.location).toBe('/moje/konto');
    const c = new Browser(shop);
    const back = await c.form('/moje/prihlasenie', { username: 'jana.novakova@example.sk', password: STRONG, r: '/moje/udaje?x=1' });
    expect(back.location).toBe('/moje/udaje?x=1');
  });

  it('rate limits per account (from many addresses) and per address (many accounts) with 429', async () => {
    let last;
    for (let i = 0; i < 11; i++) last = await new Browser(shop).api('POST', '/api/security/signin', { username: 'target@example.sk', password: `wrong ${i}` });
    expect(last!.status).toBe(429);
    expect(last!.response.headers.get('retry-after')).toMatch(/^\d+$/);
    const page = await new Browser(shop).form('/moje/prihlasenie', { username: 'TARGET@example.sk', password: STRONG });
    expect(page.status).toBe(429);
    expect(page.doc!.querySelector('.message--error')!.textContent).toMatch(/Príliš veľa pokusov/);
    // Per address: sign-up and recovery from one address, different accounts each time.
    const one = new Browser(shop);
    const signUps = [];
    for (let i = 0; i < 11; i++) signUps.push((await one.api('POST', '/api/security/signup', { username: `bulk${i}@example.sk`, password: 'x', phone: '1' })).status);
    expect(signUps.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(signUps[10]).toBe(429);
    const two = new Browser(shop);
    const recoveries = [];
    for (let i = 0; i < 11; i++) recoveries.push((await two.form('/obnovenie', { username: `r${i}@example.sk` })).status);
    expect(recoveries.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(recoveries[10]).toBe(429);
  });
});

describe('sign-out', () => {
  it('GET only shows a button; POST with CSRF deletes the row and the cookie', async () => {
    const b = new Browser(shop);
    await b.form('/moje/prihlasenie', { username: 'mobil@example.sk', password: STRONG });
    const sid = b.sid!;
    const get = await b.get('/moje/odhlasenie');
    expect(get.status).toBe(200);
    expect(get.doc!.querySelector('main form[action="/moje/odhlasenie"][method="post"] input[name="_csrf"]')).not.toBeNull();
    expect(sessionRow(shop, hashSessionId(sid))).toBeDefined();
    // Without the token nothing happens.
    const forged = await shop.app.request('/moje/odhlasenie', { method: 'POST', headers: { host: '127.0.0.1:3000', cookie: `sid=${sid}`, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(forged.status).toBe(403);
    expect(sessionRow(shop, hashSessionId(sid))).toBeDefined();
    const post = await b.form('/moje/odhlasenie', {});
    expect(post.status).toBe(303);
    expect(post.location).toBe('/');
    expect(post.response.headers.getSetCookie().some((l) => /^sid=;/.test(l) && /Max-Age=0/.test(l))).toBe(true);
    expect(sessionRow(shop, hashSessionId(sid))).toBeUndefined();
    const replay = new Browser(shop);
    replay.sid = sid;
    expect((await replay.get('/moje/konto')).status).toBe(303);
  });
});

describe('recovery', () => {
  it('answers the same for a known and an unknown address; mails a single-use link', async () => {
    const known = await new Browser(shop).form('/obnovenie', { username: 'mobil@example.sk' });
    const unknown = await new Browser(shop).form('/obnovenie', { username: 'ghost@example.sk' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const text = (r: typeof known) => r.doc!.querySelector('main')!.textContent!.replace(/\s+/g, ' ');
    expect(text(known)).toBe(text(unknown));
    const mails = shop.mail.filter((m) => m.to === 'mobil@example.sk');
    expect(shop.mail.some((m) => m.to === 'ghost@example.sk')).toBe(false);
    expect(mails).toHaveLength(1);
    const link = mails[0].text.match(/http:\/\/127\.0\.0\.1:3000(\/obnovenie\/[A-Za-z0-9_-]{43})/)![1];
    // Only the hash is stored.
    const token = link.split('/').pop()!;
    expect(shop.db.$client.prepare('SELECT COUNT(*) AS n FROM password_resets WHERE token_hash = ?').get(token)).toEqual({ n: 0 });

    const b = new Browser(shop);
    const form = await b.get(link);
    expect(form.status).toBe(200);
    const weak = await b.form(link, { password: 'password123', password2: 'password123' });
    expect(weak.status).toBe(400);
    const next = 'Nové heslo pre moje konto 2026';
    const done = await b.form(link, { password: next, password2: next });
    expect(done.status).toBe(200);
    expect(done.doc!.querySelector('.message--success')).not.toBeNull();
    expect((await b.form(link, { password: 'Ešte iné dlhé heslo 99', password2: 'Ešte iné dlhé heslo 99' })).status).toBe(400);
    expect((await new Browser(shop).api('POST', '/api/security/signin', { username: 'mobil@example.sk', password: next })).status).toBe(200);
    expect((await new Browser(shop).api('POST', '/api/security/signin', { username: 'mobil@example.sk', password: STRONG })).status).toBe(401);
  });

  it('refuses an expired or forged token', async () => {
    await new Browser(shop).form('/obnovenie', { username: 'admin@example.sk' });
    const link = shop.mail.filter((m) => m.to === 'admin@example.sk').at(-1)!.text.match(/(\/obnovenie\/[A-Za-z0-9_-]{43})/)![1];
    const now = shop.clock.now();
    shop.clock.set(new Date(now.getTime() + 61 * 60 * 1000));
    try {
      expect((await new Browser(shop).get(link)).status).toBe(400);
      const b = new Browser(shop);
      await b.get('/');
      expect((await b.form(link, { password: 'Nové heslo pre moje konto 2026', password2: 'Nové heslo pre moje konto 2026' })).status).toBe(400);
    } finally {
      shop.clock.set(now);
    }
    expect((await new Browser(shop).get('/obnovenie/' + 'A'.repeat(43))).status).toBe(400);
    expect((await new Browser(shop).get('/obnovenie/short')).status).toBe(400);
  });
});

describe('privacy', () => {
  it('/api/clear answers 204 and logs nothing', async () => {
    const b = new Browser(shop);
    const r = await b.api('POST', '/api/clear', { localStorage: JSON.stringify({ 'product.favorites': '[1]', theme: 'x' }) });
    expect(r.status).toBe(204);
    expect(shop.errors).toEqual([]);
    const page = await b.get('/obnova');
    expect(page.doc!.querySelector('shop-data-wipe')).not.toBeNull();
  });

  it('the download holds only the user’s own data; deletion removes personal data and sessions', async () => {
    const a = new Browser(shop);
    await a.signUpAndIn('delete.me@example.sk');
    const other = new Browser(shop);
    await other.signUpAndIn('other.person@example.sk');
    await other.form('/moje/udaje/adresa/delivery', { first_name: 'Eva', last_name: 'Iná', street: 'Hlavná 1', town: 'Nitra', zip: '949 01', country: 'sk' });
    const saved = await a.form('/moje/udaje/adresa/delivery', { first_name: 'Ján', last_name: 'Malý', street: 'Dlhá 5', town: 'Trnava', zip: '91701', country: 'sk' });
    expect(saved.status).toBe(303);
    const bad = await a.form('/moje/udaje/adresa/invoice', { street: 'Bez čísla', town: '', zip: '12' });
    expect(bad.status).toBe(400);
    expect(bad.doc!.querySelector('#f-invoice-street-error')!.textContent).toBe('Musí obsahovať názov a čislo!');
    expect(bad.doc!.querySelector('#f-invoice-town-error')!.textContent).toBe('Toto pole je povinné');
    expect(bad.doc!.querySelector('#f-invoice-zip-error')!.textContent).toBe('Nesprávny formát');
    await a.api('POST', '/api/favorite/product/1', { category_name: 'Kuchyňa' });
    const phone = await a.form('/moje/udaje/telefon', { phone: '+420 601 123 456' });
    expect(phone.status).toBe(303);

    const download = await a.get('/moje/udaje/export');
    expect(download.response.headers.get('content-disposition')).toContain('attachment');
    const data = JSON.parse(download.text);
    expect(data.account).toMatchObject({ email: 'delete.me@example.sk', phone: '+420601123456', roles: ['ROLE_CONSUMER'] });
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0]).toMatchObject({ kind: 'delivery', firstName: 'Ján', street: 'Dlhá 5' });
    expect(download.text).not.toContain('Eva');
    expect(download.text).not.toContain('other.person');
    expect(download.text).not.toContain('scrypt');
    expect(data.favourites.products).toEqual([{ productId: 1, categoryName: 'Kuchyňa' }]);

    const wrong = await a.form('/moje/zrusit-konto', { password: 'not my password at all' });
    expect(wrong.status).toBe(400);
    const id = user('delete.me@example.sk')!.id;
    const del = await a.form('/moje/zrusit-konto', { password: STRONG });
    expect(del.status).toBe(303);
    const row = shop.db.$client.prepare('SELECT email, phone, password_hash, deleted_at FROM users WHERE id = ?').get(id) as Record<string, unknown>;
    expect(row.email).toBe(`deleted-${id}@deleted.invalid`);
    expect(row.phone).toBeNull();
    expect(row.password_hash).toBeNull();
    expect(row.deleted_at).not.toBeNull();
    for (const table of ['addresses', 'favourite_products', 'favourite_blogs', 'sessions']) {
      expect(shop.db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).get(id), table).toEqual({ n: 0 });
    }
    expect((await a.get('/moje/konto')).status).toBe(303);
    expect((await new Browser(shop).api('POST', '/api/security/signin', { username: 'delete.me@example.sk', password: STRONG })).status).toBe(401);
    // The other user is untouched.
    expect(shop.db.$client.prepare('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?').get(user('other.person@example.sk')!.id)).toEqual({ n: 1 });
  });
});

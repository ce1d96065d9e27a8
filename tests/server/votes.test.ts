import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../setup/test-app';
import { parseHtml } from '../setup/html';
import { createVote, setVoteActive, type Vote } from '../../server/votes/votes.service';

let shop: TestShop;
let address = 0;
const client = () => ({ incoming: { socket: { remoteAddress: `10.9.${Math.floor(++address / 250)}.${address % 250}` } } });
const headers = { host: '127.0.0.1:3000', 'content-type': 'application/json' };

beforeAll(() => {
  shop = createTestShop({ products: 0 });
});
afterAll(() => shop.close());

const poll = (name = 'Anketa', choices = ['Áno', 'Nie']) => createVote(shop.db, { name, choices, now: shop.clock.now() });
const send = (body: Record<string, unknown>, ip = client()) =>
  shop.app.request('/api/vote/send', { method: 'POST', headers, body: JSON.stringify(body) }, ip);
const read = async (vote: Vote) => (await shop.app.request(`/api/vote/${vote.hash}`, { headers: { host: '127.0.0.1:3000' } })).json();
/** The confirmation token queued for an address (the mail's ref holds it; the ballot only its hash). */
const tokenOf = (email: string): string => {
  const rows = shop.db.$client.prepare("SELECT ref FROM mail_queue WHERE kind = 'vote.confirm' ORDER BY id DESC").all() as { ref: string }[];
  return rows.map((r) => JSON.parse(r.ref)).find((r) => r.email === email).token;
};
const confirm = async (token: string, json = true): Promise<Response> =>
  shop.app.request(`/hlasovanie/potvrdit/${token}/ano`, { headers: { host: '127.0.0.1:3000', ...(json ? { accept: 'application/json' } : {}) } });

describe('votes: send', () => {
  it('GET /api/vote/{id} answers the spec fields; an unknown id is a 404', async () => {
    const vote = poll('Obľúbená farba', ['Modrá', 'Zelená']);
    expect(await read(vote)).toMatchObject({ id: vote.hash, name: 'Obľúbená farba', count: 0, sum: 0, is_active: true, choices: [{ name: 'Modrá', sum: 0 }, { name: 'Zelená', sum: 0 }] });
    expect((await shop.app.request('/api/vote/AAAAAAAAAAAAAAAAAAAAAA', { headers })).status).toBe(404);
  });

  it('thanks, keeps a pending ballot and mails a single-use link; nothing counts yet', async () => {
    const vote = poll();
    const response = await send({ hash: vote.hash, email: '  Jana@Example.SK ', choice: vote.choices[0].id });
    expect(response.status).toBe(201);
    expect((await response.json()).message).toBe('Ďakujeme za hlas. Započíta sa až po potvrdení cez odkaz, ktorý sme vám poslali e-mailom.');
    await shop.mailsSent();
    const mail = shop.mail.at(-1)!;
    expect(mail.to).toBe('jana@example.sk');
    const token = tokenOf('jana@example.sk');
    expect(mail.text).toContain(`/hlasovanie/potvrdit/${token}`);
    const stored = shop.db.$client.prepare('SELECT token_hash AS h FROM vote_ballots WHERE email = ?').get('jana@example.sk') as { h: string };
    expect(stored.h).not.toContain(token);
    expect(await read(vote)).toMatchObject({ count: 0, sum: 0 });
  });

  it('the same address again → 409 "Tento email už hlasoval." with the key vote.message.fail', async () => {
    const vote = poll();
    await send({ hash: vote.hash, email: 'eva@example.sk', choice: vote.choices[0].id });
    const again = await send({ hash: vote.hash, email: 'EVA@example.sk', choice: vote.choices[1].id });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: 409, detail: 'Tento email už hlasoval.', key: 'vote.message.fail' });
  });

  it('an inactive poll, a foreign hash, a foreign choice and a 10,000-character e-mail are refused', async () => {
    const vote = poll();
    const other = poll();
    setVoteActive(shop.db, vote.id, false);
    expect((await send({ hash: vote.hash, email: 'a@example.sk', choice: vote.choices[0].id })).status).toBe(403);
    expect((await send({ hash: 'nope', email: 'a@example.sk', choice: other.choices[0].id })).status).toBe(404);
    expect((await send({ hash: other.hash, email: 'a@example.sk', choice: vote.choices[0].id })).status).toBe(400);
    const long = await send({ hash: other.hash, email: `${'a'.repeat(10_000)}@example.sk`, choice: other.choices[0].id });
    expect(await long.json()).toMatchObject({ status: 400, errors: { email: 'Nesprávny formát' } });
    expect(shop.db.$client.prepare('SELECT count(*) AS n FROM vote_ballots WHERE vote_id IN (?, ?)').get(vote.id, other.id)).toEqual({ n: 0 });
  });

  it('is rate limited per client address', async () => {
    const vote = poll();
    const ip = client();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await send({ hash: vote.hash, email: `r${i}@example.sk`, choice: vote.choices[0].id }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('POST /api/vote/chart answers name and sum rows of the group', async () => {
    const vote = poll('Graf', ['A', 'B', 'C']);
    const response = await shop.app.request('/api/vote/chart', { method: 'POST', headers, body: JSON.stringify({ group: vote.hash }) });
    expect(await response.json()).toEqual([{ name: 'A', sum: 0 }, { name: 'B', sum: 0 }, { name: 'C', sum: 0 }]);
  });
});

describe('votes: confirm', () => {
  it('the mailed link changes nothing; its confirm link counts once; a second time says so', async () => {
    const vote = poll();
    await send({ hash: vote.hash, email: 'ivan@example.sk', choice: vote.choices[1].id });
    const token = tokenOf('ivan@example.sk');
    const landing = await shop.app.request(`/hlasovanie/potvrdit/${token}`, { headers: { host: '127.0.0.1:3000' } });
    expect(landing.status).toBe(200);
    const link = parseHtml(await landing.text()).querySelector('a[data-confirm-link]')!;
    expect(link.getAttribute('href')).toBe(`/hlasovanie/potvrdit/${token}/ano`);
    expect(await read(vote)).toMatchObject({ count: 0 });
    const first = await confirm(token);
    expect(await first.json()).toMatchObject({ outcome: 'confirmed', message: 'Ďakujeme, váš hlas sme započítali.' });
    const second = await confirm(token, false);
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('Tento hlas už bol potvrdený, započítali sme ho raz.');
    expect(await read(vote)).toMatchObject({ count: 1, sum: 1, choices: [{ sum: 0 }, { sum: 1 }] });
  });

  it('an expired link says so and counts nothing; the address may vote again', async () => {
    const vote = poll();
    await send({ hash: vote.hash, email: 'olga@example.sk', choice: vote.choices[0].id });
    const token = tokenOf('olga@example.sk');
    const start = shop.clock.now();
    shop.clock.set(new Date(start.getTime() + 4 * 86_400_000));
    try {
      const expired = await confirm(token);
      expect(expired.status).toBe(410);
      expect((await expired.json()).detail).toBe('Platnosť odkazu vypršala. Hlasujte prosím znova.');
      expect(await read(vote)).toMatchObject({ count: 0 });
      expect((await send({ hash: vote.hash, email: 'olga@example.sk', choice: vote.choices[0].id })).status).toBe(201);
    } finally {
      shop.clock.set(start);
    }
  });

  it('a poll closed while the link waited refuses it and keeps its counts', async () => {
    const vote = poll();
    await send({ hash: vote.hash, email: 'late@example.sk', choice: vote.choices[0].id });
    setVoteActive(shop.db, vote.id, false);
    const late = await confirm(tokenOf('late@example.sk'));
    expect(late.status).toBe(403);
    expect((await late.json()).detail).toBe('Hlasovanie v tejto ankete je ukončené.');
    const landing = await shop.app.request(`/hlasovanie/potvrdit/${tokenOf('late@example.sk')}`, { headers: { host: '127.0.0.1:3000' } });
    expect(await landing.text()).toContain('Hlasovanie v tejto ankete je ukončené.');
    expect(await read(vote)).toMatchObject({ count: 0, is_active: false });
  });

  it('an unknown token is a 404', async () => {
    expect((await confirm('x'.repeat(43))).status).toBe(404);
    expect((await shop.app.request(`/hlasovanie/potvrdit/${'y'.repeat(43)}`, { headers })).status).toBe(404);
  });

  it('counts exactly under 50 parallel confirmations (each link also replayed at once)', async () => {
    const vote = poll('Súbeh', ['A', 'B']);
    const emails = Array.from({ length: 50 }, (_, i) => `p${i}@example.sk`);
    for (const [i, email] of emails.entries()) expect((await send({ hash: vote.hash, email, choice: vote.choices[i % 2].id })).status).toBe(201);
    const tokens = emails.map(tokenOf);
    const answers = await Promise.all([...tokens, ...tokens].map((t) => confirm(t).then((r) => r.json() as Promise<{ outcome: string }>)));
    expect(answers.filter((a) => a.outcome === 'confirmed')).toHaveLength(50);
    expect(answers.filter((a) => a.outcome === 'already')).toHaveLength(50);
    expect(await read(vote)).toMatchObject({ count: 50, sum: 50, choices: [{ sum: 25 }, { sum: 25 }] });
  });
});

describe('votes: the no-JS form', () => {
  it('posts as a plain form and shows the thanks, or the spec message for a second vote', async () => {
    const vote = poll();
    const form = (email: string) =>
      shop.app.request(`/hlasovanie/${vote.hash}`, { method: 'POST', headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, choice: String(vote.choices[0].id) }) }, client());
    const ok = await form('nojs@example.sk');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Ďakujeme za hlas.');
    const again = await form('nojs@example.sk');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Tento email už hlasoval.');
  });
});

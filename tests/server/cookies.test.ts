import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { cookie } from '../../server/http/cookies';

describe('reading the Cookie header', () => {
  it('reads what browsers send with hono’s parser: first of a repeated name, quotes dropped, a broken escape kept', async () => {
    const app = new Hono().get('/', (c) => c.json(['sid', 'locale', 'a', 'b', 'bad', 'flag'].map((name) => cookie(c, name) ?? null)));
    const read = async (header: string) => (await app.request('/', { headers: { cookie: header } })).json();
    expect(await read(' sid=first ;locale=en; sid=second')).toEqual(['first', 'en', null, null, null, null]);
    expect(await read('a="quoted value"; b=%C4%8Daj; bad=%E0%A4%A; flag;;')).toEqual([null, null, 'quoted value', 'čaj', '%E0%A4%A', null]);
    expect(await read('')).toEqual([null, null, null, null, null, null]);
  });
});

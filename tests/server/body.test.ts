import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MalformedBodyError, parseBodyBytes, readBody, wellFormedBodies } from '../../server/http/body';
import { ProblemError } from '../../server/http/problem';

/** The one body reader (server/http/body.ts, docs/decisions/212): its parsing rules and the shapes it hands out. */

const bytes = (text: string) => new TextEncoder().encode(text);
const URLENCODED = 'application/x-www-form-urlencoded';
const B = '----obchodTestBoundary5f2a9c';
const part = (name: string, value: string, extra = '') => `--${B}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;

describe('parseBodyBytes', () => {
  it('reads a JSON object, with or without a BOM, and refuses anything else at the top', async () => {
    expect(await parseBodyBytes(bytes('{"q":"ž","n":[1]}'), 'application/json')).toEqual({ kind: 'json', value: { q: 'ž', n: [1] } });
    expect(await parseBodyBytes(bytes('\ufeff{"q":1}'), 'Application/JSON; charset=utf-8')).toEqual({ kind: 'json', value: { q: 1 } });
    for (const text of ['{"q":', '[1]', 'null', '"q"', '12', '']) {
      await expect(parseBodyBytes(bytes(text), 'application/json'), text).rejects.toThrow();
    }
    await expect(parseBodyBytes(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), 'application/json')).rejects.toThrow();
  });

  it('reads urlencoded fields as browsers send them and refuses what no browser sends', async () => {
    const form = await parseBodyBytes(bytes('q=modr%C3%BD+hrnček&empty=&flag&&a%5B%5D=1&a%5B%5D=2&=x'), URLENCODED);
    expect(form).toEqual({ kind: 'form', entries: [['q', 'modrý hrnček'], ['empty', ''], ['flag', ''], ['a[]', '1'], ['a[]', '2'], ['', 'x']] });
    for (const text of ['q=%zz', 'q=%', 'q=%C5', 'q=%ED%A0%80', '%zz=1']) {
      await expect(parseBodyBytes(bytes(text), URLENCODED), text).rejects.toThrow();
    }
    await expect(parseBodyBytes(new Uint8Array([0x71, 0x3d, 0xff]), URLENCODED)).rejects.toThrow();
  });

  it('reads multipart text fields and file parts, and refuses a missing or empty boundary, a cut body and garbage', async () => {
    const body = `${part('q', 'hrnček')}${part('photo', '\u0000\u0001', '; filename="a.jpg"\r\nContent-Type: image/jpeg')}--${B}--\r\n`;
    const form = await parseBodyBytes(bytes(body), `multipart/form-data; boundary=${B}`);
    expect(form.kind).toBe('form');
    const entries = form.kind === 'form' ? form.entries : [];
    expect(entries[0]).toEqual(['q', 'hrnček']);
    const file = entries[1][1] as File;
    expect([entries[1][0], file instanceof File, file.name, file.type, file.size]).toEqual(['photo', true, 'a.jpg', 'image/jpeg', 2]);
    expect((await parseBodyBytes(bytes(body), `Multipart/Form-Data; boundary="${B}"`)).kind).toBe('form');
    const broken: [string, string][] = [
      [body, 'multipart/form-data'],
      [body, 'multipart/form-data; boundary='],
      [body, 'multipart/form-data; boundary=""'],
      [body.slice(0, body.length - 20), `multipart/form-data; boundary=${B}`],
      [`${part('q', 'x')}`, `multipart/form-data; boundary=${B}`],
      ['\u0000 garbage', `multipart/form-data; boundary=${B}`],
      [body, 'multipart/form-data; boundary=other'],
    ];
    for (const [text, type] of broken) await expect(parseBodyBytes(bytes(text), type), `${type} ${text.slice(-30)}`).rejects.toThrow();
  });
});

/** A bare Hono app with the reader in front, as server/app.ts mounts it; errors answer their status. */
function appReading(handler: (fields: Record<string, unknown>[]) => unknown, reads: Parameters<typeof readBody>[1][]) {
  const app = new Hono();
  app.use(wellFormedBodies());
  app.post('/', async (c) => {
    const fields: Record<string, unknown>[] = [];
    for (const options of reads) fields.push(await readBody(c, options));
    return c.json(handler(fields) ?? null);
  });
  app.onError((error, c) => c.json({ error: error.constructor.name, detail: error instanceof ProblemError ? error.detail : '' }, error instanceof ProblemError ? (error.status as 400) : 500));
  return app;
}

describe('readBody', () => {
  it('reads the body once and hands each caller its own view: last value, every value, or files too', async () => {
    const seen: Record<string, unknown>[][] = [];
    const app = appReading((fields) => void seen.push(fields), [{}, { all: true }, { files: true }, {}]);
    const form = new FormData();
    form.append('q', 'a');
    form.append('q', 'b');
    form.append('ids[]', '1');
    form.append('__proto__', 'just a field');
    form.append('photo', new File(['xy'], 'a.jpg', { type: 'image/jpeg' }));
    const answer = await app.request('/', { method: 'POST', body: form });
    expect(answer.status).toBe(200);
    const [last, all, files, again] = seen[0];
    expect({ ...last }).toEqual({ q: 'b', 'ids[]': ['1'], ['__proto__']: 'just a field' });
    expect(Object.getPrototypeOf(last)).toBeNull();
    expect({ ...all }).toEqual({ q: ['a', 'b'], 'ids[]': ['1'], ['__proto__']: 'just a field' });
    expect(files.photo).toBeInstanceOf(File);
    expect(again).not.toBe(last);
    expect({ ...again }).toEqual({ ...last });
  });

  it('gives JSON a fresh copy each time, and no fields for other types or no body', async () => {
    const seen: Record<string, unknown>[][] = [];
    const app = appReading((fields) => {
      fields[0].changed = true;
      seen.push(fields);
    }, [{}, { all: true }]);
    await app.request('/', { method: 'POST', body: '{"q":"x"}', headers: { 'content-type': 'application/json' } });
    expect(seen[0][1]).toEqual({ q: 'x' });
    await app.request('/', { method: 'POST', body: 'q=x', headers: { 'content-type': 'text/plain' } });
    await app.request('/', { method: 'POST', body: '', headers: { 'content-type': 'application/json' } });
    await app.request('/', { method: 'POST' });
    expect(seen.slice(1).map((fields) => ({ ...fields[1] }))).toEqual([{}, {}, {}]);
  });

  it('answers a malformed body with MalformedBodyError before the route, whatever the route does with it', async () => {
    let reached = false;
    const app = new Hono();
    app.use(wellFormedBodies());
    app.post('/', (c) => {
      reached = true;
      return c.body(null, 204);
    });
    app.onError((error, c) => c.json({ error: error.constructor.name, detail: error instanceof ProblemError ? error.detail : '' }, error instanceof ProblemError ? (error.status as 400) : 500));
    const answer = await app.request('/', { method: 'POST', body: part('q', 'cut'), headers: { 'content-type': `multipart/form-data; boundary=${B}` } });
    expect([answer.status, await answer.json(), reached]).toEqual([400, { error: MalformedBodyError.name, detail: 'Nesprávny formát požiadavky' }, false]);
  });
});

describe('one reader for the whole app', () => {
  it('no server file reads a request body except server/http/body.ts', () => {
    const root = join(process.cwd(), 'server');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
    const readers = files(root)
      .filter((file) => !file.endsWith('.test.ts'))
      // Code only: comments may name what they avoid.
      .map((file) => [file, readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')] as const)
      .filter(([, code]) => /\.req\.(json|text|parseBody|formData|arrayBuffer|blob|bytes)\(|\.req\.raw\.body\b|\.req\.valid\(/.test(code))
      .map(([file]) => file)
      .map((file) => relative(process.cwd(), file));
    expect(readers).toEqual(['server/http/body.ts']);
  });
});

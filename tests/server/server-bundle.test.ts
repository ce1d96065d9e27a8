import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../build/server';

const dir = mkdtempSync(join(tmpdir(), 'obchod-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the server bundle', () => {
  it('is ASCII only, so V8 keeps its source at one byte a character (decision 266)', async () => {
    await buildServer(process.cwd(), join(dir, 'index.js'));
    const bundle = readFileSync(join(dir, 'index.js'), 'utf8');
    expect(bundle.length).toBeGreaterThan(1_000_000);
    expect(bundle.match(/[^\x00-\x7f]/g) ?? []).toEqual([]);
    // The Slovak texts are still there, as escapes that mean the same characters.
    expect(bundle).toContain('Toto heslo sa d\\xE1 \\u013Eahko uh\\xE1dnu\\u0165');
  }, 60_000);
});

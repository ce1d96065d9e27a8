import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EMBED_BUDGET, MAX_FILES_AT_LOAD, PAGE_BUDGETS, PAGE_BUDGETS_ALL, PAGE_WIDGETS } from '../../build/pages';

const manifest = JSON.parse(readFileSync('static/build/manifest.json', 'utf8')) as {
  runtime: string;
  messages: Record<string, string>;
  pageJs: Record<string, { initial: { gzip: number; files: string[] }; all: { gzip: number; files: string[] } }>;
  embed: { loader: string; bundles: Record<string, string>; gzip: number };
};

describe('JS sent to each page type', () => {
  it('is measured for every page type', () => {
    expect(Object.keys(manifest.pageJs).sort()).toEqual(Object.keys(PAGE_WIDGETS).sort());
  });

  it.each(Object.entries(PAGE_BUDGETS))('%s stays within its gzipped budget at load', (page, budget) => {
    if (manifest.runtime !== 'preact') return;
    const { initial, all } = manifest.pageJs[page];
    expect(initial.gzip).toBeGreaterThan(1000);
    expect(initial.gzip).toBeLessThanOrEqual(budget);
    expect(all.gzip).toBeGreaterThanOrEqual(initial.gzip);
  });

  it.each(Object.entries(PAGE_BUDGETS_ALL))('%s stays within its gzipped budget with every widget loaded', (page, budget) => {
    if (manifest.runtime !== 'preact') return;
    expect(manifest.pageJs[page].all.gzip).toBeLessThanOrEqual(budget);
  });

  it('sends no zod to a shopper: widgets leave validation to the server (decision 252)', () => {
    const files = new Set(Object.values(manifest.pageJs).flatMap((page) => page.all.files));
    for (const file of files) expect(readFileSync(`static/${file}`, 'utf8'), file).not.toMatch(/\$ZodType|zod\.dev/);
  });

  it.each(['category', 'product'])('%s fetches only the site entry and the overlays at load', (page) => {
    // Decision 160: the runtime used to arrive in a dozen small chunks; 166: no widget runtime at load.
    expect(manifest.pageJs[page].initial.files.length).toBeLessThanOrEqual(MAX_FILES_AT_LOAD);
  });
});

describe('widget catalogues', () => {
  const catalogue = (locale: string) => readFileSync(`static${manifest.messages[locale]}`, 'utf8');

  it('carry the widget strings translated (a Czech shopper reads Czech in the header)', () => {
    expect(catalogue('cs')).toContain('Košík je prázdný');
    expect(catalogue('en').length).toBeGreaterThan(1000);
  });

  it('leave out what the Slovak source text already says', () => {
    expect(catalogue('sk')).not.toContain('Košík je prázdny');
  });
});

describe('the partner embed (issue 19)', () => {
  const gz = (url: string) => gzipSync(readFileSync(`static${url}`), { level: 9 }).length;

  it('costs a carousel at most 12 KB of JS and CSS, gzipped: the loader and one locale’s bundle', () => {
    const largest = Math.max(...Object.values(manifest.embed.bundles).map(gz));
    expect(manifest.embed.gzip).toBe(gz(manifest.embed.loader) + largest);
    expect(manifest.embed.gzip).toBeLessThanOrEqual(EMBED_BUDGET);
    expect(EMBED_BUDGET).toBe(12 * 1024);
  });

  it('has a bundle per locale carrying its own texts, and nothing of the site’s widgets', () => {
    expect(Object.keys(manifest.embed.bundles).sort()).toEqual(['cs', 'de', 'en', 'hu', 'ro', 'sk']);
    const cs = readFileSync(`static${manifest.embed.bundles.cs}`, 'utf8');
    expect(cs).toContain('Do košíku');
    expect(cs).not.toMatch(/\bimport\(/);
    expect(readFileSync(`static${manifest.embed.bundles.de}`, 'utf8')).toContain('In den Warenkorb');
  });
});

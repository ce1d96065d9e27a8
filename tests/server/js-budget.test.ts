import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_FILES_AT_LOAD, PAGE_BUDGETS, PAGE_WIDGETS } from '../../build/pages';

const manifest = JSON.parse(readFileSync('static/build/manifest.json', 'utf8')) as {
  runtime: string;
  messages: Record<string, string>;
  pageJs: Record<string, { initial: { gzip: number; files: string[] }; all: { gzip: number } }>;
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

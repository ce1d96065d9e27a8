import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_BUDGETS, PAGE_WIDGETS } from '../../build/pages';

const manifest = JSON.parse(readFileSync('static/build/manifest.json', 'utf8')) as {
  runtime: string;
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
});

import type { Eta } from 'eta';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptBytes } from '../../server/catalog/cache-budget';
import { createEta, renderBytes, renderParts } from '../../server/render/eta';

/** An Eta whose template output is the given pieces, as compileBody gathers them (eta.ts). */
const renderingPieces = (pieces: unknown[]) => ({ render: () => pieces }) as unknown as Eta;

describe('a page as UTF-8 from its pieces (renderBytes)', () => {
  it('encodes the text and copies kept bytes in order, nested includes walked', () => {
    const kept = Buffer.from('<nav>Kuchyňa a varenie</nav>');
    const pieces = ['<p>', 42, ['<b>', kept, '</b>', [undefined, 'ok']], 'čaj</p>', kept];
    const expected = `<p>42<b>${kept}</b>undefinedokčaj</p>${kept}`;
    expect(Buffer.from(renderBytes(renderingPieces(pieces), 'x', {})).toString()).toBe(expected);
  });

  it('takes text mostly outside ASCII, more than the room it guessed, the same way', () => {
    const slovak = 'ľščťžýáíéúäôň'.repeat(400);
    const kept = Buffer.from('€'.repeat(300));
    const pieces = [slovak, kept, '<i>', slovak, '</i>', kept, slovak];
    expect(Buffer.from(renderBytes(renderingPieces(pieces), 'x', {})).toString()).toBe(`${slovak}${kept}<i>${slovak}</i>${kept}${slovak}`);
  });

  it('copies kept bytes whole when the text before them took their room', () => {
    // 500 two-byte letters fit only into room meant for the kept kilobyte after them.
    const text = 'ľ'.repeat(500);
    const kept = Buffer.from('x'.repeat(1000));
    expect(Buffer.from(renderBytes(renderingPieces([text, kept]), 'x', {})).toString()).toBe(`${text}${kept}`);
  });

  it('joins kept bytes that follow each other, as a product list answer is made, with text only at the ends', () => {
    const items = ['{"id":1,"name":"Šľahačková forma"}', '{"id":2}', '{"id":3,"name":"€"}'].map((json) => Buffer.from(json));
    const comma = Buffer.from(',');
    const pieces = ['{"items":[', items[0], comma, items[1], comma, items[2], '],"total":3}'];
    const answer = Buffer.from(renderBytes(renderingPieces(pieces), 'x', {})).toString();
    expect(JSON.parse(answer)).toEqual({ items: [{ id: 1, name: 'Šľahačková forma' }, { id: 2 }, { id: 3, name: '€' }], total: 3 });
    expect(Buffer.from(renderBytes(renderingPieces(items), 'x', {})).toString()).toBe(items.join(''));
  });
});

describe('kept pieces in memory of their own (keptBytes)', () => {
  it('holds exactly its text, where Buffer.from slices a shared slab that a kept slice would keep alive', () => {
    const text = '<a href="/p/1">Šľahačková forma</a>';
    expect(Buffer.from(text).buffer.byteLength).toBeGreaterThan(4 * Buffer.byteLength(text));
    const kept = keptBytes(text);
    expect(kept.toString()).toBe(text);
    expect([kept.byteOffset, kept.buffer.byteLength]).toEqual([0, Buffer.byteLength(text)]);
  });

  it("is how renderParts keeps a template's text runs (page headers and head lines are kept per shopper and page)", () => {
    const nav = keptBytes('<nav>menu</nav>');
    const parts = renderParts(renderingPieces(['<header>Košík', nav, '</header>']), 'x', {});
    expect(parts.map((part) => Buffer.from(part).toString())).toEqual(['<header>Košík', '<nav>menu</nav>', '</header>']);
    expect(parts[1]).toBe(nav);
    for (const part of parts) expect(part.buffer.byteLength).toBe(part.byteLength);
  });
});

describe('icon() in every template (createEta)', () => {
  it('draws the icons partial for a known name, with its class, and refuses a name it does not draw', () => {
    const eta = createEta({ root: process.cwd(), production: true });
    const icon = (eta as unknown as { icon: (name: string, className?: string) => string }).icon;
    expect(icon('cart', 'extra').trim()).toMatch(/^<svg class="icon extra" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path /);
    expect(() => icon('nope')).toThrow('no icon named nope');
  });
});

describe('template paths in production (createEta, decision 275)', () => {
  it('resolves each name against its own includer, however often the same name is asked for', () => {
    const root = mkdtempSync(join(tmpdir(), 'eta-paths-'));
    for (const dir of ['one', 'two']) {
      mkdirSync(join(root, 'templates', dir), { recursive: true });
      writeFileSync(join(root, 'templates', dir, 'page.eta'), `<%~ include('./part', it) %>|<%~ include('/shared', it) %>`);
      writeFileSync(join(root, 'templates', dir, 'part.eta'), `${dir}`);
    }
    writeFileSync(join(root, 'templates', 'shared.eta'), 'shared');
    for (const production of [true, false]) {
      const eta = createEta({ root, production });
      for (let i = 0; i < 3; i++) expect([eta.render('one/page', {}), eta.render('two/page', {})], `production: ${production}`).toEqual(['one|shared', 'two|shared']);
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../server/i18n/locales';
import { createTranslators } from '../../server/i18n/catalogs';

interface Entry {
  id: string;
  str: string;
}

function unquote(lines: string[]): string {
  return lines.map((l) => JSON.parse(l.replace(/^msg(id|str) /, ''))).join('');
}

/** Reads msgid/msgstr pairs of a .po file (multi-line strings included), skipping the header. */
function readPo(locale: string): Entry[] {
  const text = readFileSync(`locales/${locale}/messages.po`, 'utf8');
  const entries: Entry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    const idStart = lines.findIndex((l) => l.startsWith('msgid '));
    const strStart = lines.findIndex((l) => l.startsWith('msgstr '));
    if (idStart < 0 || strStart < 0) continue;
    const id = unquote(lines.slice(idStart, strStart));
    if (id === '') continue;
    entries.push({ id, str: unquote(lines.slice(strStart)) });
  }
  return entries;
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const source = readPo('sk');

  it('has a source catalogue', () => {
    expect(source.length).toBeGreaterThan(30);
  });

  it.each(LOCALES.filter((l) => l !== 'sk'))('translates every message into %s with the same placeholders', (locale) => {
    const entries = new Map(readPo(locale).map((e) => [e.id, e.str]));
    const missing = source.filter((e) => !entries.get(e.id));
    expect(missing.map((e) => e.id)).toEqual([]);
    for (const { id } of source) expect(placeholders(entries.get(id)!), `${locale}: ${id}`).toEqual(placeholders(id));
  });

  it('keeps the spec Slovak texts verbatim in the source', () => {
    const ids = new Set(source.map((e) => e.id));
    for (const text of ['Nenašli sme žiadne produkty', 'Nenašli sme žiadne blogy']) expect(ids.has(text), text).toBe(true);
  });

  it('holds every literal text the server and widgets hand to a translator: i18n._, c.get(\'i18n\')._, a view\'s t', () => {
    const ids = new Set(source.map((e) => e.id));
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : []));
    const call = /(?:\._|\bt)\(\s*(['"])((?:\\.|(?!\1).)*)\1/g;
    const missing: string[] = [];
    let found = 0;
    for (const file of [...files('server'), ...files('widgets')]) {
      for (const match of readFileSync(file, 'utf8').matchAll(call)) {
        found++;
        const id = match[2].replace(/\\(["'\\])/g, '$1');
        if (!ids.has(id)) missing.push(`${file}: ${id}`);
      }
    }
    expect(found).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('falls back to Slovak for a message a catalogue lacks, with its placeholders filled every time', () => {
    const translators = createTranslators();
    expect(translators.cs._('Košík')).not.toBe('');
    expect(translators.de._('Text, ktorý v katalógu nie je')).toBe('Text, ktorý v katalógu nie je');
    for (const n of [1, 2]) expect(translators.de._('Kuriér {name} – {n}. pokus', { name: 'SPS', n })).toBe(`Kuriér SPS – ${n}. pokus`);
    expect(translators.en._('{name} – strana {page}', { name: 'Hrnce', page: 2 })).toBe('Hrnce – page 2');
  });

  it('answers every catalogue text as Lingui itself formats it, simple texts (filled without Lingui) and plurals alike', async () => {
    const { setupI18n } = await import('@lingui/core');
    const { compileMessage } = await import('@lingui/message-utils/compileMessage');
    const translators = createTranslators();
    let plain = 0;
    for (const locale of LOCALES) {
      const { messages } = (await import(`../../locales/${locale}/messages.ts`)) as { messages: Record<string, unknown> };
      const lingui = setupI18n({ locale, messages: { [locale]: messages as never } }).setMessagesCompiler(compileMessage);
      for (const [id, message] of Object.entries(messages)) {
        if (Array.isArray(message) && message.every((part) => typeof part === 'string')) plain++;
        const values = { count: 3, n: 2, name: 'Hrnce', page: 2, points: 40, query: 'hrniec' };
        expect(translators[locale]._(id, values), `${locale}: ${id}`).toBe(lingui._(id, values));
        expect(translators[locale].t(id), `${locale}: ${id}`).toBe(lingui._(id));
      }
    }
    expect(plain).toBeGreaterThan(1000);
    // Unlike Lingui, what a shopper typed is shown as typed: a backslash and u0041 stay, not "A".
    expect(translators.sk._('Hľadanie: {query}', { query: '\\u0041' })).toBe('Hľadanie: \\u0041');
  });
});

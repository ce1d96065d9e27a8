import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '../server/i18n/locales';

/** The string literals passed to `_('…')` (i18n._, the hook's _) and `msg('…')` in one source file. */
export function messageIdsIn(code: string): string[] {
  return [...code.matchAll(/(?:\b_|\bmsg)\(\s*(["'])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2].replace(/\\(["'\\])/g, '$1'));
}

/**
 * msgids used by the files the widget bundles contain: only these travel to the browser. Read from
 * the sources, not from the catalogue's references, which the Lingui config leaves out (decision 160).
 */
export function widgetMessageIds(root: string, sources: string[]): Set<string> {
  return new Set(sources.flatMap((file) => messageIdsIn(readFileSync(join(root, file), 'utf8'))));
}

/**
 * A translation the browser can do without: the Slovak id itself with only `{name}` placeholders,
 * which widgets/lib/i18n.ts fills without a catalogue entry. The Slovak catalogue ends up empty.
 */
function sameAsSource(id: string, compiled: unknown): boolean {
  if (typeof compiled === 'string') return compiled === id;
  if (!Array.isArray(compiled)) return false;
  const text = compiled.map((part) => (typeof part === 'string' ? part : Array.isArray(part) && part.length === 1 ? `{${String(part[0])}}` : '\u0000'));
  return text.join('') === id;
}

/** Compiled messages of one locale, as `lingui compile` writes them (a string or tokens per id). */
export type CompiledMessages = Record<string, unknown>;

/** Compiles every locales/<locale>/messages.po with Lingui (missing translations fall back to sk) and reads them. */
export async function compileLingui(root: string): Promise<Record<Locale, CompiledMessages>> {
  execFileSync(join(root, 'node_modules/.bin/lingui'), ['compile', '--typescript'], { cwd: root, stdio: 'pipe' });
  const out = {} as Record<Locale, CompiledMessages>;
  for (const locale of LOCALES) {
    const { messages } = (await import(`${join(root, 'locales', locale, 'messages.ts')}?t=${Date.now()}`)) as { messages: CompiledMessages };
    out[locale] = messages;
  }
  return out;
}

/**
 * The translations of `ids` in one locale as plain texts with `{name}` placeholders, for code that
 * carries its few texts inside itself (the partner embed, build/embed.ts); texts the Slovak id
 * already says, and messages with plurals or selects, are left out (the id is used).
 */
export function plainTexts(compiled: CompiledMessages, ids: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of ids) {
    const message = compiled[id];
    if (message === undefined || sameAsSource(id, message)) continue;
    const parts = typeof message === 'string' ? [message] : Array.isArray(message) ? message : [];
    const text = parts.map((part) => (typeof part === 'string' ? part : Array.isArray(part) && part.length === 1 ? `{${String(part[0])}}` : null));
    if (text.every((t) => t !== null)) out[id] = text.join('');
  }
  return out;
}

/** Writes a small per-locale module with just the widget strings for the browser. */
export function writeWidgetCatalogs(root: string, sources: string[], outDir: string, compiled: Record<Locale, CompiledMessages>): Record<Locale, string> {
  const wanted = widgetMessageIds(root, sources);
  const urls = {} as Record<Locale, string>;
  mkdirSync(join(outDir, 'i18n'), { recursive: true });
  for (const locale of LOCALES) {
    const subset = Object.fromEntries(Object.entries(compiled[locale]).filter(([id, message]) => wanted.has(id) && !sameAsSource(id, message)));
    const code = `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(subset))});\n`;
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
    const name = `i18n/${locale}-${hash}.js`;
    writeFileSync(join(outDir, name), code);
    urls[locale] = `/build/${name}`;
  }
  return urls;
}

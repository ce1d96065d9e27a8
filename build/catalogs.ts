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

/**
 * Compiles every locales/<locale>/messages.po with Lingui (missing translations fall back to sk),
 * then writes a small per-locale module with just the widget strings for the browser.
 */
export async function compileCatalogs(root: string, sources: string[], outDir = join(root, 'static/build')): Promise<Record<Locale, string>> {
  execFileSync(join(root, 'node_modules/.bin/lingui'), ['compile', '--typescript'], { cwd: root, stdio: 'pipe' });
  const wanted = widgetMessageIds(root, sources);
  const urls = {} as Record<Locale, string>;
  mkdirSync(join(outDir, 'i18n'), { recursive: true });
  for (const locale of LOCALES) {
    const { messages } = (await import(`${join(root, 'locales', locale, 'messages.ts')}?t=${Date.now()}`)) as { messages: Record<string, unknown> };
    const subset = Object.fromEntries(Object.entries(messages).filter(([id, compiled]) => wanted.has(id) && !sameAsSource(id, compiled)));
    const code = `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(subset))});\n`;
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
    const name = `i18n/${locale}-${hash}.js`;
    writeFileSync(join(outDir, name), code);
    urls[locale] = `/build/${name}`;
  }
  return urls;
}

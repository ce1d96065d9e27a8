import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '../server/i18n/locales';

/** msgids whose references point into widgets/: only these travel to the browser. */
export function widgetMessageIds(root: string): Set<string> {
  const po = readFileSync(join(root, 'locales/sk/messages.po'), 'utf8');
  const ids = new Set<string>();
  for (const block of po.split(/\n\s*\n/)) {
    if (!/^#: .*\bwidgets\//m.test(block)) continue;
    const match = block.match(/^msgid "((?:\\.|[^"\\])*)"((?:\n"(?:\\.|[^"\\])*")*)/m);
    if (!match) continue;
    const continued = [...match[2].matchAll(/"((?:\\.|[^"\\])*)"/g)].map((m) => m[1]).join('');
    ids.add(JSON.parse(`"${match[1]}${continued}"`));
  }
  return ids;
}

/**
 * Compiles every locales/<locale>/messages.po with Lingui (missing translations fall back to sk),
 * then writes a small per-locale module with just the widget strings for the browser.
 */
export async function compileCatalogs(root: string, outDir = join(root, 'static/build')): Promise<Record<Locale, string>> {
  execFileSync(join(root, 'node_modules/.bin/lingui'), ['compile', '--typescript'], { cwd: root, stdio: 'pipe' });
  const wanted = widgetMessageIds(root);
  const urls = {} as Record<Locale, string>;
  mkdirSync(join(outDir, 'i18n'), { recursive: true });
  for (const locale of LOCALES) {
    const { messages } = (await import(`${join(root, 'locales', locale, 'messages.ts')}?t=${Date.now()}`)) as { messages: Record<string, unknown> };
    const subset = Object.fromEntries(Object.entries(messages).filter(([id]) => wanted.has(id)));
    const code = `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(subset))});\n`;
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
    const name = `i18n/${locale}-${hash}.js`;
    writeFileSync(join(outDir, name), code);
    urls[locale] = `/build/${name}`;
  }
  return urls;
}

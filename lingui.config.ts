import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import babel from '@lingui/cli/api/extractors/babel';

/** Literal strings passed to a translation call: t('…') in templates, msg('…') in TypeScript. */
function literalCalls(name: string, code: string): { id: string; line: number }[] {
  const pattern = new RegExp(`\\b${name}\\(\\s*(["'])((?:\\\\.|(?!\\1).)*)\\1`, 'g');
  return [...code.matchAll(pattern)].map((match) => ({
    id: match[2].replace(/\\(["'\\])/g, '$1'),
    line: code.slice(0, match.index).split('\n').length,
  }));
}

/**
 * Eta templates call `it.t("Slovenský text", { … })`. The babel extractor cannot parse them, so
 * this one reads the string literals passed to t(…) and keeps the line for translators.
 */
const etaExtractor = {
  match: (filename: string) => filename.endsWith('.eta'),
  extract(filename: string, code: string, onMessage: (m: { id: string; origin: [string, number] }) => void) {
    for (const { id, line } of literalCalls('t', code)) onMessage({ id, origin: [filename, line] });
  },
};

/**
 * TypeScript: Lingui's own extractor for i18n._('…'), plus msg('…') marks for later translation,
 * plus literal texts given to any `._('…')` (c.get('i18n')._) or a view's `t('…')`: Lingui's
 * extractor sees only a callee named i18n, and such texts were missing from every catalogue.
 */
const typescriptExtractor: typeof babel = {
  match: (filename) => babel.match(filename),
  async extract(filename, code, onMessage, ctx) {
    await babel.extract(filename, code, onMessage, ctx);
    for (const name of ['msg', '_', 't']) for (const { id, line } of literalCalls(name, code)) onMessage({ id, origin: [filename, line] });
  },
};

export default defineConfig({
  sourceLocale: 'sk',
  locales: ['sk', 'cs', 'en', 'de', 'ro', 'hu'],
  fallbackLocales: { default: 'sk' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/server', '<rootDir>/templates', '<rootDir>/widgets'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  // Sorted by id and without source references: extraction runs files in parallel, so "first seen"
  // order and reference lists changed on every run and made every catalogue merge a conflict.
  orderBy: 'messageId',
  format: formatter({ origins: false, lineNumbers: false }),
  extractors: [typescriptExtractor, etaExtractor],
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { LOCALES, type Locale } from '../server/i18n/locales';
import type { EmbedAssets } from '../server/render/assets';
import { messageIdsIn, plainTexts, type CompiledMessages } from './catalogs';

/**
 * The partner embed (issue 19, docs/decisions/214): one classic-script bundle per locale, Preact and
 * the carousel and its stylesheet and its few texts in one file (a partner's page makes one request
 * for code, none for a catalogue and no CORS for scripts), and the loader /embed.js that names them.
 * What a carousel costs is the loader plus one bundle, gzipped: EMBED_BUDGET (build/pages.ts).
 */
const DIR = 'widgets/embed';

const options = (root: string, outDir: string): BuildOptions & { metafile: true } => ({
  absWorkingDir: root,
  outdir: outDir,
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2022',
  legalComments: 'none',
  // Texts as they are (Czech, Hungarian…), not \u escapes: fewer bytes, served as UTF-8.
  charset: 'utf8',
  metafile: true,
  logLevel: 'warning',
});

/** The message ids the embed's own files use: only these travel inside its bundles. */
function embedMessageIds(root: string): Set<string> {
  const files = readdirSync(join(root, DIR)).filter((f) => /\.tsx?$/.test(f));
  return new Set(files.flatMap((f) => messageIdsIn(readFileSync(join(root, DIR, f), 'utf8'))));
}

const gzip = (root: string, file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
const url = (root: string, file: string) => `/${relative(join(root, 'static'), join(root, file))}`;
const output = (metafile: { outputs: Record<string, unknown> }) => Object.keys(metafile.outputs).find((f) => f.endsWith('.js'))!;

export async function buildEmbed(root: string, outDir: string, compiled: Record<Locale, CompiledMessages>): Promise<EmbedAssets> {
  const ids = embedMessageIds(root);
  const bundles = await Promise.all(
    LOCALES.map(async (locale) => {
      const result = await build({
        ...options(root, outDir),
        entryPoints: { [`embed-${locale}`]: `${DIR}/embed.ts` },
        entryNames: '[name]-[hash]',
        define: { __EMBED_MESSAGES__: JSON.stringify(plainTexts(compiled[locale], ids)) },
      });
      return [locale, output(result.metafile)] as const;
    }),
  );
  const files = Object.fromEntries(bundles) as Record<Locale, string>;
  const loader = await build({
    ...options(root, outDir),
    entryPoints: { 'embed-loader': `${DIR}/loader.ts` },
    entryNames: '[name]-[hash]',
    define: { __EMBED_BUNDLES__: JSON.stringify(Object.fromEntries(LOCALES.map((l) => [l, url(root, files[l])]))) },
  });
  const loaderFile = output(loader.metafile);
  const largest = Math.max(...LOCALES.map((l) => gzip(root, files[l])));
  return {
    loader: url(root, loaderFile),
    bundles: Object.fromEntries(LOCALES.map((l) => [l, url(root, files[l])])) as Record<Locale, string>,
    gzip: gzip(root, loaderFile) + largest,
  };
}

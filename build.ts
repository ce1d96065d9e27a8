import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCss, precompress } from './build/assets';
import { compileCatalogs } from './build/catalogs';
import { PAGE_BUDGETS } from './build/pages';
import { buildServer } from './build/server';
import { buildWidgets, type WidgetRuntime } from './build/widgets';
import { projectRoot } from './server/config';

/**
 * Every build step: Lingui catalogs, widget bundles and the embed script, CSS, precompressed
 * copies, the asset manifest, and the server bundle. Prints the gzipped JS each page type loads.
 */
export async function buildAll(options: { server: boolean; quiet?: boolean }): Promise<void> {
  const started = performance.now();
  const root = projectRoot();
  const outDir = join(root, 'static/build');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const runtime = (process.env.WIDGETS_RUNTIME ?? 'preact') as WidgetRuntime;

  const [widgets, css] = await Promise.all([buildWidgets(root, outDir, runtime), buildCss(root, outDir)]);
  const messages = await compileCatalogs(root, widgets.sources, outDir);
  const manifest = { siteJs: widgets.siteJs, embedJs: widgets.embedJs, siteCss: css.siteCss, adminJs: widgets.adminJs, adminCss: css.adminCss, messages, pageJs: widgets.pageJs, runtime };
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  precompress(outDir);
  if (options.server) await buildServer(root);

  if (!options.quiet) {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(5)} KB`;
    console.log(`JS per page type, gzipped (${runtime} runtime): at load · with every widget loaded`);
    for (const [page, { initial, all }] of Object.entries(widgets.pageJs)) {
      const budget = PAGE_BUDGETS[page];
      const verdict = budget ? (initial.gzip <= budget ? `(budget ${kb(budget)})` : `OVER the ${kb(budget)} budget`) : '';
      console.log(`  ${page.padEnd(10)} ${kb(initial.gzip)} · ${kb(all.gzip)}  ${verdict}`);
    }
    console.log(`build done in ${Math.round(performance.now() - started)} ms`);
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('build.ts')) {
  buildAll({ server: !process.argv.includes('--no-server') }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

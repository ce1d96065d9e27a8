import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCss, precompress } from './build/assets';
import { compileLingui, writeWidgetCatalogs } from './build/catalogs';
import { buildEmbed } from './build/embed';
import { EMBED_BUDGET, PAGE_BUDGETS, PAGE_BUDGETS_ALL } from './build/pages';
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

  const compiled = await compileLingui(root);
  const [widgets, css, embed] = await Promise.all([buildWidgets(root, outDir, runtime), buildCss(root, outDir), buildEmbed(root, outDir, compiled)]);
  const messages = writeWidgetCatalogs(root, widgets.sources, outDir, compiled);
  const manifest = { siteJs: widgets.siteJs, siteCss: css.siteCss, adminJs: widgets.adminJs, adminCss: css.adminCss, mapCss: css.mapCss, messages, pageJs: widgets.pageJs, runtime, embed };
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  precompress(outDir);
  if (options.server) await buildServer(root);

  if (!options.quiet) {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(5)} KB`;
    console.log(`JS per page type, gzipped (${runtime} runtime): at load · with every widget loaded`);
    for (const [page, { initial, all }] of Object.entries(widgets.pageJs)) {
      const budget = PAGE_BUDGETS[page];
      const verdict = budget ? (initial.gzip <= budget ? `(budget ${kb(budget)})` : `OVER the ${kb(budget)} budget`) : '';
      const allBudget = PAGE_BUDGETS_ALL[page];
      const allVerdict = allBudget ? (all.gzip <= allBudget ? ` · (budget ${kb(allBudget)})` : ` · OVER the ${kb(allBudget)} budget`) : '';
      console.log(`  ${page.padEnd(10)} ${kb(initial.gzip)} · ${kb(all.gzip)}  ${verdict}${allVerdict}`);
    }
  }
  const embedVerdict = embed.gzip <= EMBED_BUDGET ? `(budget ${(EMBED_BUDGET / 1024).toFixed(1)} KB)` : `OVER the ${(EMBED_BUDGET / 1024).toFixed(1)} KB budget`;
  if (!options.quiet) {
    console.log(`Partner embed (carousel), JS + CSS gzipped: ${(embed.gzip / 1024).toFixed(1)} KB (${embed.gzip} B: /embed.js + one locale's bundle) ${embedVerdict}`);
    console.log(`build done in ${Math.round(performance.now() - started)} ms`);
  }
  if (embed.gzip > EMBED_BUDGET) throw new Error(`The partner embed is ${embed.gzip} B gzipped, over its ${EMBED_BUDGET} B budget (build/pages.ts EMBED_BUDGET)`);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('build.ts')) {
  buildAll({ server: !process.argv.includes('--no-server') }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { registry } from '../widgets/entries/registry';
import { FIRST_SCREEN_CODE, firstScreen, PAGE_WIDGETS } from './pages';
import { assertOneRuntimeChunk, runtimeChunk } from './runtime-chunk';

export type WidgetRuntime = 'preact' | 'react';

/** React's API served by preact/compat: the same components, about a sixth of the bytes (docs/decisions/002). */
const PREACT_ALIAS = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

/** Lingui's API in the few hundred bytes widgets use of it (docs/decisions/164), whichever runtime. */
export const LINGUI_ALIAS = {
  '@lingui/core': './widgets/lib/lingui/core.ts',
  '@lingui/react': './widgets/lib/lingui/react.tsx',
};

export interface PageJs {
  /** What downloads at page load: the site entry, the 'ready' widgets and the 'visible' ones of the first screen. */
  initial: { files: string[]; gzip: number };
  /** Everything the page's widgets can load, after scrolling ('visible') and touching ('interaction'). */
  all: { files: string[]; gzip: number };
}

export interface WidgetBuild {
  siteJs: string;
  /** The back office's entry (widgets/entries/admin.ts): its own registry of <shop-admin-…> widgets. */
  adminJs: string;
  pageJs: Record<string, PageJs>;
  /** Our source files in the bundles (no node_modules): their strings make the browser's catalogues. */
  sources: string[];
}

/** The options both bundles share; each bundle is its own esbuild pass (see below). */
function bundleOptions(root: string, outDir: string, runtime: WidgetRuntime): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: root,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    alias: runtime === 'preact' ? { ...PREACT_ALIAS, ...LINGUI_ALIAS } : LINGUI_ALIAS,
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins: [runtimeChunk(root)],
  };
}

export async function buildWidgets(root: string, outDir: string, runtime: WidgetRuntime): Promise<WidgetBuild> {
  // Two passes, not two entry points of one: code both entries reach (the registry, defaults) would
  // become chunks of its own that every page fetches before the site script can run. The partner
  // embed is its own build (build/embed.ts): classic scripts with nothing of the site's.
  const [siteBuild, adminBuild] = await Promise.all([
    build({ ...bundleOptions(root, outDir, runtime), entryPoints: { site: 'widgets/entries/site.ts' } }),
    // The back office's widgets never reach a shopper's page: a pass of their own.
    build({ ...bundleOptions(root, outDir, runtime), entryPoints: { admin: 'widgets/entries/admin.ts' } }),
  ]);
  const meta = siteBuild.metafile;
  assertOneRuntimeChunk(meta);
  const entry = (metafile: Metafile, name: string) => {
    const out = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === `widgets/entries/${name}.ts`);
    if (!out) throw new Error(`no output for ${name}`);
    return out[0];
  };
  const site = entry(meta, 'site');
  const measure = (tags: string[], code: string[] = []) => {
    const files = new Set<string>();
    collect(meta, site, files);
    const modules = [...tags.map((tag) => tag.replace(/^shop-(.*)$/, 'widgets/$1/$1.element.ts')), ...code];
    for (const module of modules) {
      const chunk = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === module);
      if (!chunk) throw new Error(`${module} is listed for a page but is not an entry of the build`);
      collect(meta, chunk[0], files);
    }
    const gzip = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(root, f)), { level: 9 }).length, 0);
    return { files: [...files].map((f) => relative(join(root, 'static'), join(root, f))), gzip };
  };
  const pageJs: WidgetBuild['pageJs'] = {};
  for (const [page, tags] of Object.entries(PAGE_WIDGETS)) {
    // A delayed 'visible' widget (`after`) comes after the load even in the first screen.
    const atLoad = tags.filter((tag) => registry[tag]?.when === 'ready' || (registry[tag]?.when === 'visible' && registry[tag]?.after === undefined && firstScreen(page).includes(tag)));
    pageJs[page] = { initial: measure(atLoad, FIRST_SCREEN_CODE[page]), all: measure(tags, FIRST_SCREEN_CODE[page]) };
  }
  const url = (file: string) => `/${relative(join(root, 'static'), join(root, file))}`;
  const sources = [...new Set([meta, adminBuild.metafile].flatMap((m) => Object.keys(m.inputs)))].filter((file) => !file.startsWith('node_modules/'));
  return { siteJs: url(site), adminJs: url(entry(adminBuild.metafile, 'admin')), pageJs, sources };
}

/** An output plus everything it imports statically: what the browser must fetch before it runs. */
function collect(meta: Metafile, output: string, into: Set<string>): void {
  if (into.has(output)) return;
  into.add(output);
  for (const imported of meta.outputs[output]?.imports ?? []) {
    if (imported.kind === 'import-statement' && !imported.external) collect(meta, imported.path, into);
  }
}

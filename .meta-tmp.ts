import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LINGUI_ALIAS } from './build/widgets';
import { runtimeChunk } from './build/runtime-chunk';
const root = process.cwd();
const out = '/tmp/jsw/out';
const r = await build({ absWorkingDir: root, outdir: out, bundle: true, splitting: true, format: 'esm', minify: true, target: 'es2022', jsx: 'automatic',
  entryNames: '[name]-[hash]', chunkNames: 'chunks/[name]-[hash]',
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react-dom/client': 'preact/compat/client', 'react/jsx-runtime': 'preact/jsx-runtime', ...LINGUI_ALIAS },
  define: { 'process.env.NODE_ENV': '"production"' }, legalComments: 'none', metafile: true, logLevel: 'warning', plugins: [runtimeChunk(root)], entryPoints: { site: 'widgets/entries/site.ts' }, write: true });
const want = process.argv[2] ?? '';
for (const [file, o] of Object.entries(r.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
  if (want && !file.includes(want)) continue;
  console.log(`${gz}\t${o.bytes}\t${file}  ${o.entryPoint ?? ''}`);
  if (want || gz > 5000) for (const [inp, { bytesInOutput }] of Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) if (bytesInOutput) console.log(`      ${bytesInOutput}\t${inp}`);
}

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export async function buildCss(root: string, outDir: string): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { site: 'static/css/site.css' },
    outdir: outDir,
    bundle: true,
    minify: true,
    entryNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  const file = Object.keys(result.metafile.outputs).find((f) => f.endsWith('.css'));
  if (!file) throw new Error('CSS build wrote nothing');
  return `/${file.replace(/^static\//, '')}`;
}

/** Dynamic HTML is not compressed (it halves throughput here); static files are, once, at build. */
export function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      precompress(path);
    } else if (/\.(js|css|json|svg)$/.test(name)) {
      const data = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

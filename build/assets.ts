import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * The shop's stylesheet and the back office's (static/css/admin.css), each one file; and the pickup
 * dialog's map stylesheet (Leaflet's, static/css/map.css), loaded only when that dialog opens.
 */
export async function buildCss(root: string, outDir: string): Promise<{ siteCss: string; adminCss: string; mapCss: string }> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { site: 'static/css/site.css', admin: 'static/css/admin.css', map: 'static/css/map.css' },
    // Leaflet's stylesheet names its control and marker images; they are copied beside it.
    loader: { '.png': 'file' },
    outdir: outDir,
    bundle: true,
    minify: true,
    entryNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
  });
  const file = (name: string) => {
    const out = Object.entries(result.metafile.outputs).find(([f, o]) => f.endsWith('.css') && o.entryPoint === `static/css/${name}.css`)?.[0];
    if (!out) throw new Error(`CSS build wrote no ${name}.css`);
    return `/${out.replace(/^static\//, '')}`;
  };
  return { siteCss: file('site'), adminCss: file('admin'), mapCss: file('map') };
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

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

/**
 * The server as one ES module; packages stay in node_modules (better-sqlite3 is native).
 * esbuild escapes non-ASCII text in code but keeps it in the comments it preserves; one "č" in a
 * comment made V8 hold the whole 2.2 MB source as a two-byte string (4.4 MB of heap for as long as
 * the process runs), so those characters are written as \u escapes too (comments only; no code moves).
 */
export async function buildServer(root: string, outfile = 'dist/server/index.js'): Promise<void> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/index.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    write: false,
  });
  for (const file of result.outputFiles) {
    const text = file.path.endsWith('.js') ? file.text.replace(/[^\x00-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`) : file.text;
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, text);
  }
}

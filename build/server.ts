import { build } from 'esbuild';

/** The server as one ES module; packages stay in node_modules (better-sqlite3 is native). */
export async function buildServer(root: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: ['server/index.ts'],
    outfile: 'dist/server/index.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';

/**
 * Runs a worker file in `n` threads, each opening its own connection, released together at a
 * shared barrier (the worker calls `atBarrier` from ./barrier.ts): what two shoppers or a bank and
 * a shopper do at the same moment. The worker is bundled to plain JS once (worker threads do not
 * get vitest's TypeScript loader, and loading tsx in 20 threads costs ~30 s of CPU).
 */
export async function runConcurrently<T>(workerFile: string, n: number, data: Record<string, unknown>): Promise<T[]> {
  const dir = join(process.cwd(), 'tests/.tmp', `workers-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, `${basename(workerFile, '.ts')}.mjs`);
  await build({ entryPoints: [workerFile], bundle: true, platform: 'node', format: 'esm', outfile: entry, packages: 'external', logLevel: 'silent' });
  const barrier = new SharedArrayBuffer(8);
  const flags = new Int32Array(barrier);
  const workers = Array.from({ length: n }, () => new Worker(entry, { workerData: { ...data, barrier } }));
  const results = workers.map(
    (w) =>
      new Promise<T>((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
      }),
  );
  while (Atomics.load(flags, 0) < n) await new Promise((resolve) => setTimeout(resolve, 10));
  Atomics.store(flags, 1, 1);
  Atomics.notify(flags, 1);
  try {
    return await Promise.all(results);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

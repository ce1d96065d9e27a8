import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from '../../build';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes test databases left by worker processes that are gone, never those of a run in progress. */
function sweepTemp(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const pid = Number(name.match(/-(\d+)$/)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

/** Tests need the compiled Lingui catalogs and the asset manifest the server reads at start. */
export default async function setup(): Promise<() => void> {
  const root = process.cwd();
  if (!existsSync(join(root, 'static/build/manifest.json')) || !existsSync(join(root, 'locales/sk/messages.ts'))) {
    await buildAll({ server: false, quiet: true });
  }
  sweepTemp(join(root, 'tests/.tmp'));
  return () => sweepTemp(join(root, 'tests/.tmp'));
}

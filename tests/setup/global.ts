import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from '../../build';

/** Tests need the compiled Lingui catalogs and the asset manifest the server reads at start. */
export default async function setup(): Promise<() => void> {
  const root = process.cwd();
  if (!existsSync(join(root, 'static/build/manifest.json')) || !existsSync(join(root, 'locales/sk/messages.ts'))) {
    await buildAll({ server: false, quiet: true });
  }
  return () => rmSync(join(root, 'tests/.tmp'), { recursive: true, force: true });
}

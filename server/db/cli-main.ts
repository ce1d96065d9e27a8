import { loadConfig, type Config } from '../config';
import { migrateDb, openDb, type Db } from './client';

/**
 * A CLI file's entry when node runs it, and nothing when a test imports it: the config, the database
 * opened and migrated, `run` with the arguments, the database closed and the process ending with
 * run's code. A thrown error is printed as one line and ends it with 2.
 */
export async function runAsMain(moduleUrl: string, run: (db: Db, config: Config, argv: string[]) => number | Promise<number>): Promise<void> {
  if (!process.argv[1] || moduleUrl !== new URL(`file://${process.argv[1]}`).href) return;
  const config = loadConfig();
  const db = openDb(config.dbFile);
  migrateDb(db, config.root);
  let code: number;
  try {
    code = await run(db, config, process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    code = 2;
  }
  db.$client.close();
  process.exit(code);
}

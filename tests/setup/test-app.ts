import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, type App } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import type { Clock, Logger } from '../../server/http/env';
import type { MailMessage, Mailer } from '../../server/mail/mailer';
import { seededTemplate } from './db-template';

export interface TestShop {
  app: App;
  db: Db;
  config: Config;
  clock: Clock & { set(date: Date): void };
  mail: MailMessage[];
  /** Resolves once the outbox sent what the last requests queued (it sends after each answer). */
  mailsSent(): Promise<number>;
  errors: unknown[];
  close(): void;
}

let counter = 0;

/** A real, migrated SQLite file per test shop, in this worker's own folder. */
export function createTestShop(options: { products?: number; env?: Record<string, string>; mailer?: (message: MailMessage) => Promise<void> } = {}): TestShop {
  const dir = join(process.cwd(), 'tests/.tmp', `w${process.env.VITEST_POOL_ID ?? '0'}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  counter += 1;
  const file = join(dir, `shop-${counter}.db`);
  rmSync(file, { force: true });
  const config = loadConfig({ DB_FILE: file, SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent', ...options.env });
  // The run's templates live beside the workers' folders (tests/.tmp is swept of ended runs).
  copyFileSync(seededTemplate(join(process.cwd(), 'tests/.tmp', `templates-${process.ppid}`), options.products ?? 40), file);
  const db = openDb(file);
  let now = new Date('2026-11-22T10:00:00Z');
  const clock = { now: () => now, set: (d: Date) => void (now = d) };
  const mail: MailMessage[] = [];
  // A test may put its own transport in front (e.g. one that fails); what it lets through is recorded.
  const mailer: Mailer = { send: async (m) => { await options.mailer?.(m); mail.push(m); } };
  const errors: unknown[] = [];
  const logger: Logger = { error: (_m, detail) => void errors.push(detail), info: () => {} };
  const app = createApp({ db, config, clock, mailer, logger });
  return {
    app,
    db,
    config,
    clock,
    mail,
    mailsSent: () => app.outbox.deliverDue(),
    errors,
    close: () => {
      db.$client.close();
      rmSync(file, { force: true });
      rmSync(`${file}-wal`, { force: true });
      rmSync(`${file}-shm`, { force: true });
    },
  };
}

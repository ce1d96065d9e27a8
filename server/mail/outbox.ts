import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { Clock, Logger } from '../http/env';
import type { MailMessage, Mailer } from './mailer';

/**
 * The mail queue (docs/decisions/209): a change that owes someone a mail writes a row here in its
 * own transaction (`queueMail`), so the mail exists exactly when the change does; the outbox sends
 * due rows after the commit and retries a failed one later, so a mail server that is down never
 * fails an order page and never loses a mail.
 */

/** Renders a queued mail from its ref; null = nothing to send any more (its order is gone). */
export type MailComposer = (ref: Record<string, unknown>) => Promise<MailMessage | null> | MailMessage | null;

/** Waits after the 1st, 2nd, … failed attempt; after the last the row is kept, given up, and logged. */
export const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000, 24 * 3600_000, 24 * 3600_000];
/** How long one process holds a row it is sending, so a second process does not send it too. */
const LEASE_MS = 5 * 60_000;

interface Row {
  id: number;
  kind: string;
  ref: string;
  attempts: number;
  dueAt: number;
}

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    insert: s.prepare<[string, string, number, number]>('INSERT INTO mail_queue (kind, ref, created_at, due_at) VALUES (?, ?, ?, ?)'),
    due: s.prepare<[number, number], Row>('SELECT id, kind, ref, attempts, due_at AS dueAt FROM mail_queue WHERE due_at <= ? ORDER BY due_at, id LIMIT ?'),
    // The claim: only the process whose update changed the row sends it.
    lease: s.prepare<[number, number, number]>('UPDATE mail_queue SET due_at = ? WHERE id = ? AND due_at = ?'),
    sent: s.prepare<[number, number, number]>('UPDATE mail_queue SET sent_at = ?, due_at = NULL, attempts = ? WHERE id = ?'),
    failed: s.prepare<[number | null, number, string, number]>('UPDATE mail_queue SET due_at = ?, attempts = ?, last_error = ? WHERE id = ?'),
    state: s.prepare<[string, string], { sentAt: number | null; dueAt: number | null }>(
      'SELECT sent_at AS sentAt, due_at AS dueAt FROM mail_queue WHERE kind = ? AND ref = ? ORDER BY id DESC LIMIT 1',
    ),
  };
});

/** The ref as stored: keys sorted, so the same ref always finds its row. */
function refText(ref: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(ref).sort(([a], [b]) => a.localeCompare(b))));
}

/**
 * Databases this process queued a mail in since its outbox last looked: a request that queued none
 * has nothing to send, so it does not query the queue (mails queued by another process go out on the
 * timer, server/index.ts). A rolled-back queueing leaves a mark that costs one empty look.
 */
const queuedHere = new WeakSet<Db>();

/** Queues a mail; call it inside the transaction of the change it reports. */
export function queueMail(db: Db, kind: string, ref: Record<string, unknown>, now: Date): void {
  sql(db).insert.run(kind, refText(ref), now.getTime(), now.getTime());
  queuedHere.add(db);
}

/** Whether a queued mail went ('sent'), still waits ('queued'), was given up ('failed') or never existed (null). */
export function mailState(db: Db, kind: string, ref: Record<string, unknown>): 'sent' | 'queued' | 'failed' | null {
  const row = sql(db).state.get(kind, refText(ref));
  if (!row) return null;
  return row.sentAt !== null ? 'sent' : row.dueAt !== null ? 'queued' : 'failed';
}

export class Outbox {
  private readonly composers = new Map<string, MailComposer>();
  private running: Promise<number> | null = null;

  constructor(private readonly deps: { db: Db; mailer: Mailer; clock: Clock; logger: Logger }) {}

  /** Registers how one kind of mail is written (each domain registers its own). */
  register(kind: string, composer: MailComposer): this {
    this.composers.set(kind, composer);
    return this;
  }

  /** After a request: sends what this process queued meanwhile (nothing to do, no query). */
  deliverQueuedHere(): Promise<number> {
    if (!queuedHere.has(this.deps.db)) return Promise.resolve(0);
    queuedHere.delete(this.deps.db);
    return this.deliverDue();
  }

  /**
   * Sends every due mail; answers how many went. Safe to call from anywhere at any time (after a
   * request's commit, from a timer): calls made while one runs share it, and a failure is kept for
   * a later attempt, never thrown.
   */
  deliverDue(): Promise<number> {
    this.running ??= this.deliver()
      .catch((error: unknown) => {
        this.deps.logger.error('mail queue could not be read', error);
        return 0;
      })
      .finally(() => (this.running = null));
    return this.running;
  }

  private async deliver(): Promise<number> {
    const { db, mailer, clock, logger } = this.deps;
    let sent = 0;
    for (;;) {
      const now = clock.now().getTime();
      const rows = sql(db).due.all(now, 20);
      if (rows.length === 0) return sent;
      for (const row of rows) {
        if (sql(db).lease.run(now + LEASE_MS, row.id, row.dueAt).changes !== 1) continue;
        const attempts = row.attempts + 1;
        try {
          const composer = this.composers.get(row.kind);
          if (!composer) throw new Error(`no composer for mail kind ${row.kind}`);
          const message = await composer(JSON.parse(row.ref) as Record<string, unknown>);
          if (message) await mailer.send(message);
          sql(db).sent.run(clock.now().getTime(), attempts, row.id);
          sent += 1;
        } catch (error) {
          const wait = RETRY_AFTER_MS[attempts - 1];
          const text = error instanceof Error ? error.message : String(error);
          sql(db).failed.run(wait === undefined ? null : clock.now().getTime() + wait, attempts, text.slice(0, 500), row.id);
          logger.error(`mail ${row.id} (${row.kind}) attempt ${attempts} failed${wait === undefined ? '; given up' : ''}`, error);
        }
      }
    }
  }
}

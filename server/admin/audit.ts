import type { Context } from 'hono';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { AdminEnv } from './env';
import type { SectionId } from './sections';

/**
 * The audit log's writer (docs/decisions/220). Every back-office write goes through `audited`: the
 * change and its row commit together or not at all, and a step that changed nothing (an order
 * already paid) writes no row.
 */
export interface Actor {
  staffId: number | null;
  /** The member's e-mail, or `cli` for the command line. */
  actor: string;
  requestId: string | null;
}

export interface AuditEntry {
  section: SectionId;
  action: string;
  subject?: string;
  before?: unknown;
  after?: unknown;
}

export const CLI_ACTOR: Actor = { staffId: null, actor: 'cli', requestId: null };

/** The signed-in member of a back-office request, as the audit log names them. */
export function actorOf(c: Context<AdminEnv>): Actor {
  const staff = c.get('staff');
  if (!staff) throw new Error('a back-office write without a signed-in member');
  return { staffId: staff.id, actor: staff.email, requestId: c.get('requestId') ?? null };
}

const sql = perDatabase((db: Db) =>
  db.$client.prepare<[number, number | null, string, string, string, string, string | null, string | null, string | null]>(
    'INSERT INTO audit_log (at, staff_id, actor, section, action, subject, before, after, request_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
);

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Writes one row; only inside the transaction of the change it records. */
export function recordAudit(db: Db, actor: Actor, entry: AuditEntry, now: Date): void {
  if (!db.$client.inTransaction) throw new Error('an audit row outside the transaction of its change');
  sql(db).run(now.getTime(), actor.staffId, actor.actor, entry.section, entry.action, entry.subject ?? '', json(entry.before), json(entry.after), actor.requestId);
}

/**
 * Runs a change in one immediate transaction and records it: `change` answers its result and the
 * entry to write, or `audit: null` when nothing changed. A throw rolls back both.
 */
export function audited<T>(db: Db, actor: Actor, now: Date, change: () => { value: T; audit: AuditEntry | null }): T {
  return db.$client
    .transaction(() => {
      const { value, audit } = change();
      if (audit) recordAudit(db, actor, audit, now);
      return value;
    })
    .immediate();
}

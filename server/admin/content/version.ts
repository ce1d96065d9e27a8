import { createHash } from 'node:crypto';

/**
 * A record's version for the "changed meanwhile" check: a hash of its stored values, sent with the
 * form and compared before a save. Any change by anyone (another member, the CLI, SQL) changes it,
 * without a column to keep up to date.
 */
export function versionOf(row: Record<string, unknown>): string {
  const stable = Object.keys(row)
    .sort()
    .map((key) => [key, row[key] instanceof Date ? (row[key] as Date).getTime() : row[key]]);
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex').slice(0, 16);
}

/** Thrown inside a save's transaction when the record is not the one the form was opened on. */
export class ChangedMeanwhile extends Error {
  constructor() {
    super('changed meanwhile');
  }
}

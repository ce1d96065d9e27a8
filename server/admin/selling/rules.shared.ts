import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { msg } from '../../i18n/msg';

/** What the selling rules' pages share: the fingerprint a save is checked against, money as typed, the shops. */
export const CHANGED = msg('Medzitým to zmenil niekto iný. Obnovte stránku a skontrolujte to.');

/** A fingerprint of the row the form was loaded with: a save over a row changed meanwhile is refused. */
export function rowVersion(row: unknown): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('base64url').slice(0, 16);
}

/** Minor units as the forms show them ("2,49"). */
export const minor = (n: number) => (n / 100).toFixed(2).replace('.', ',');

export type RuleSave = { ok: true; id: number } | { ok: false; errors: Record<string, string>; status: 400 | 404 | 409 };

export const refused = (errors: Record<string, string>, status: 404 | 409): { value: RuleSave; audit: null } => ({ value: { ok: false, errors, status }, audit: null });

export interface ShopRow {
  id: number;
  code: 'sk' | 'cz';
  name: string;
  currency: string;
}

/** The shops as stored (their ids behind the forms' codes). */
export function shopRows(db: Db): ShopRow[] {
  return db.$client.prepare('SELECT id, code, name, currency FROM shops ORDER BY id').all() as ShopRow[];
}

import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';

/**
 * Recovery codes for a lost authenticator: ten per member, shown once, stored as SHA-256 (each code
 * is 50 random bits, so a fast hash is enough: there is nothing to guess from a leaked hash), each
 * usable once. Asking for new ones replaces every old one.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx` from an alphabet without look-alikes (0/o, 1/l/i). */
function newCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normalise = (code: string) => code.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
const hashCode = (code: string) => hash('sha256', normalise(code), 'base64url');

/** A typed value that looks like a recovery code rather than a TOTP code. */
export function looksLikeRecoveryCode(value: string): boolean {
  return normalise(value).length === 10 && /[a-z]/.test(normalise(value));
}

const sql = perDatabase((db: Db) => ({
  clear: db.$client.prepare<[number]>('DELETE FROM staff_recovery_codes WHERE staff_id = ?'),
  insert: db.$client.prepare<[number, string]>('INSERT OR IGNORE INTO staff_recovery_codes (staff_id, code_hash) VALUES (?, ?)'),
  use: db.$client.prepare<[number, number, string]>('UPDATE staff_recovery_codes SET used_at = ? WHERE staff_id = ? AND code_hash = ? AND used_at IS NULL'),
  left: db.$client.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM staff_recovery_codes WHERE staff_id = ? AND used_at IS NULL'),
}));

/** New codes for a member (old ones stop working); answers them in plain text, to be shown once. Call inside a transaction. */
export function replaceRecoveryCodes(db: Db, staffId: number): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  sql(db).clear.run(staffId);
  for (const code of codes) sql(db).insert.run(staffId, hashCode(code));
  return codes;
}

/** Spends a code: true once per code; the conditional update decides, so two tabs cannot both use it. */
export function useRecoveryCode(db: Db, staffId: number, code: string, now: Date): boolean {
  return sql(db).use.run(now.getTime(), staffId, hashCode(code)).changes === 1;
}

export function recoveryCodesLeft(db: Db, staffId: number): number {
  return sql(db).left.get(staffId)!.n;
}

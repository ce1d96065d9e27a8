import { z } from 'zod';
import { msg } from '../i18n/msg';

/**
 * The vote form (spec 5: an e-mail and a choice are sent with a hash). Pure; the server is the authority. Messages are Slovak source ids.
 */
export const MAX_EMAIL_LENGTH = 254;
/** A poll's public id: 16 random bytes, base64url. */
export const VOTE_HASH = /^[A-Za-z0-9_-]{22}$/;
/** A confirmation link's token: 32 random bytes, base64url. */
export const VOTE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const text = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : ''));

export const voteSendSchema = z.object({ hash: text.describe('The poll’s public id'), email: text.describe('The voter’s e-mail'), choice: text.describe('The id of one of the poll’s choices') });
export const voteChartSchema = z.object({ group: text.describe('The poll’s public id') });

export interface VoteInput {
  hash: string;
  /** Lower-cased and trimmed. */
  email: string;
  choice: number;
}
export type VoteErrors = Partial<Record<'hash' | 'email' | 'choice', string>>;

const emailFormat = z.email();

export function validateVote(body: unknown): { ok: true; value: VoteInput } | { ok: false; errors: VoteErrors } {
  const parsed = voteSendSchema.safeParse(body ?? {});
  const raw = parsed.success ? parsed.data : { hash: '', email: '', choice: '' };
  const errors: VoteErrors = {};
  if (!VOTE_HASH.test(raw.hash)) errors.hash = msg('Anketa neexistuje');
  if (!/^\d{1,12}$/.test(raw.choice)) errors.choice = msg('Vyberte jednu z možností');
  if (raw.email === '') errors.email = msg('Nezadali ste email');
  else if (raw.email.length > MAX_EMAIL_LENGTH || !emailFormat.safeParse(raw.email).success) errors.email = msg('Nesprávny formát');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { hash: raw.hash, email: raw.email.toLowerCase(), choice: Number(raw.choice) } };
}

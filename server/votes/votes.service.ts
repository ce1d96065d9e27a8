import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { queueMail } from '../mail/outbox';

/**
 * Polls (spec 3, 4, 8; docs/decisions/230): a ballot is kept pending and counts only when the link
 * mailed to its address confirms it. The link's token (32 random bytes) is stored as SHA-256 only;
 * it travels in the queued mail's ref, as staff invitations do. Confirming is one conditional
 * update (`confirmed_at IS NULL` and not expired) followed, only by the caller that changed the
 * row, by atomic increments, all in one IMMEDIATE transaction: exact under parallel confirmations.
 */
export const VOTE_MAIL = 'vote.confirm';
export const VOTE_CONFIRM_DAYS = 3;
export const VOTE_CONFIRM_PATH = '/hlasovanie/potvrdit';
export const voteConfirmLink = (origin: string, token: string) => `${origin}${VOTE_CONFIRM_PATH}/${token}`;

export interface VoteChoice {
  id: number;
  name: string;
  sum: number;
}
export interface Vote {
  id: number;
  hash: string;
  name: string;
  description: string;
  count: number;
  sum: number;
  isActive: boolean;
  createdAt: number;
  choices: VoteChoice[];
}

export type SendOutcome = 'pending' | 'voted' | 'inactive' | 'unknown' | 'choice';
export type ConfirmOutcome = 'confirmed' | 'already' | 'expired' | 'closed' | 'unknown';

const hashToken = (token: string) => hash('sha256', `vote:${token}`, 'base64url');

type VoteRow = Omit<Vote, 'choices' | 'isActive'> & { isActive: number };
const VOTE_COLUMNS = 'id, hash, name, description, count, sum, is_active AS isActive, created_at AS createdAt';

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    byHash: s.prepare<[string], VoteRow>(`SELECT ${VOTE_COLUMNS} FROM votes WHERE hash = ?`),
    byId: s.prepare<[number], VoteRow>(`SELECT ${VOTE_COLUMNS} FROM votes WHERE id = ?`),
    all: s.prepare<[], VoteRow>(`SELECT ${VOTE_COLUMNS} FROM votes ORDER BY id`),
    choices: s.prepare<[number], VoteChoice>('SELECT id, name, sum FROM vote_choices WHERE vote_id = ? ORDER BY sort, id'),
    insertVote: s.prepare<[string, string, string, number]>('INSERT INTO votes (hash, name, description, created_at) VALUES (?, ?, ?, ?)'),
    insertChoice: s.prepare<[number, string, number]>('INSERT INTO vote_choices (vote_id, name, sort) VALUES (?, ?, ?)'),
    setActive: s.prepare<[number, number]>('UPDATE votes SET is_active = ? WHERE id = ?'),
    ballotOf: s.prepare<[number, string], { id: number; confirmedAt: number | null; expiresAt: number }>(
      'SELECT id, confirmed_at AS confirmedAt, expires_at AS expiresAt FROM vote_ballots WHERE vote_id = ? AND email = ?',
    ),
    dropBallot: s.prepare<[number]>('DELETE FROM vote_ballots WHERE id = ? AND confirmed_at IS NULL'),
    insertBallot: s.prepare<[number, string, number, string, number, number]>(
      'INSERT INTO vote_ballots (vote_id, email, choice_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    ballotByHash: s.prepare<[string], { id: number; voteId: number; choiceId: number; confirmedAt: number | null; expiresAt: number }>(
      'SELECT id, vote_id AS voteId, choice_id AS choiceId, confirmed_at AS confirmedAt, expires_at AS expiresAt FROM vote_ballots WHERE token_hash = ?',
    ),
    confirm: s.prepare<[number, number, number]>('UPDATE vote_ballots SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL AND expires_at > ?'),
    countChoice: s.prepare<[number]>('UPDATE vote_choices SET sum = sum + 1 WHERE id = ?'),
    countVote: s.prepare<[number]>('UPDATE votes SET count = count + 1, sum = sum + 1 WHERE id = ?'),
  };
});

const withChoices = (db: Db, row: VoteRow | undefined): Vote | null =>
  row ? { ...row, isActive: row.isActive === 1, choices: sql(db).choices.all(row.id) } : null;

export const findVote = (db: Db, voteHash: string): Vote | null => withChoices(db, sql(db).byHash.get(voteHash));
export const findVoteById = (db: Db, id: number): Vote | null => withChoices(db, sql(db).byId.get(id));
export const listVotes = (db: Db): Vote[] => sql(db).all.all().map((row) => withChoices(db, row)!);

/** A new poll with its choices, active; answers it (with its public hash). */
export function createVote(db: Db, input: { name: string; description?: string; choices: string[]; now: Date }): Vote {
  const voteHash = randomBytes(16).toString('base64url');
  const id = db.$client.transaction(() => {
    const { lastInsertRowid } = sql(db).insertVote.run(voteHash, input.name, input.description ?? '', input.now.getTime());
    input.choices.forEach((name, sort) => sql(db).insertChoice.run(Number(lastInsertRowid), name, sort));
    return Number(lastInsertRowid);
  }).immediate();
  return findVoteById(db, id)!;
}

export function setVoteActive(db: Db, id: number, active: boolean): boolean {
  return sql(db).setActive.run(active ? 1 : 0, id).changes === 1;
}

/**
 * Keeps a pending ballot and queues its confirmation mail, in one transaction. An address that has
 * a confirmed ballot, or a pending one whose link still works, has voted; an expired pending one is
 * replaced.
 */
export function sendVote(
  db: Db,
  input: { hash: string; email: string; choice: number; now: Date; mail: { shopId: number; locale: string } },
): SendOutcome {
  return db.$client.transaction((): SendOutcome => {
    const vote = sql(db).byHash.get(input.hash);
    if (!vote) return 'unknown';
    if (vote.isActive !== 1) return 'inactive';
    if (!sql(db).choices.all(vote.id).some((c) => c.id === input.choice)) return 'choice';
    const now = input.now.getTime();
    const existing = sql(db).ballotOf.get(vote.id, input.email);
    if (existing) {
      if (existing.confirmedAt !== null || existing.expiresAt > now) return 'voted';
      sql(db).dropBallot.run(existing.id);
    }
    const token = randomBytes(32).toString('base64url');
    const expires = now + VOTE_CONFIRM_DAYS * 86_400_000;
    sql(db).insertBallot.run(vote.id, input.email, input.choice, hashToken(token), now, expires);
    queueMail(db, VOTE_MAIL, { token, email: input.email, vote: vote.id, choice: input.choice, shop: input.mail.shopId, locale: input.mail.locale, expires }, input.now);
    return 'pending';
  }).immediate();
}

/** What a confirmation link names, without changing anything (the landing page). */
export function ballotByToken(db: Db, token: string, now: Date): { state: ConfirmOutcome | 'open'; vote: Vote | null; choice: string } {
  const ballot = sql(db).ballotByHash.get(hashToken(token));
  if (!ballot) return { state: 'unknown', vote: null, choice: '' };
  const vote = findVoteById(db, ballot.voteId);
  const choice = vote?.choices.find((c) => c.id === ballot.choiceId)?.name ?? '';
  const state = ballot.confirmedAt !== null ? 'already' : !vote?.isActive ? 'closed' : ballot.expiresAt <= now.getTime() ? 'expired' : 'open';
  return { state, vote, choice };
}

/** Counts the ballot of the link exactly once; a second confirmation changes nothing. */
export function confirmVote(db: Db, token: string, now: Date): { outcome: ConfirmOutcome; voteHash: string | null } {
  return db.$client.transaction(() => {
    const ballot = sql(db).ballotByHash.get(hashToken(token));
    if (!ballot) return { outcome: 'unknown' as const, voteHash: null };
    const vote = sql(db).byId.get(ballot.voteId);
    const voteHash = vote?.hash ?? null;
    // A poll closed while the link waited keeps the result it had when it closed.
    if (ballot.confirmedAt === null && vote?.isActive !== 1) return { outcome: 'closed' as const, voteHash };
    if (sql(db).confirm.run(now.getTime(), ballot.id, now.getTime()).changes !== 1) {
      return { outcome: ballot.confirmedAt !== null ? ('already' as const) : ('expired' as const), voteHash };
    }
    sql(db).countChoice.run(ballot.choiceId);
    sql(db).countVote.run(ballot.voteId);
    return { outcome: 'confirmed' as const, voteHash };
  }).immediate();
}

/** The newest active poll (the home page shows it), or null. */
export function newestActiveVote(db: Db): Vote | null {
  const row = db.$client.prepare<[], { hash: string }>('SELECT hash FROM votes WHERE is_active = 1 ORDER BY created_at DESC, id DESC LIMIT 1').get();
  return row ? findVote(db, row.hash) : null;
}

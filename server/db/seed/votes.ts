import type Database from 'better-sqlite3';
import { SEED_BASE_TIME } from './random';

/** The demo polls' public ids: fixed, so the demo guide can name them and reseeding keeps them. */
export const DEMO_VOTE = 'ukazkova-anketa-darcek';
export const DEMO_VOTE_ENDED = 'ukoncena-anketa-leto01';

const DEMO: { hash: string; name: string; description: string; active: boolean; choices: [string, number][] }[] = [
  {
    hash: DEMO_VOTE,
    name: 'Aký darček by ste najradšej dostali?',
    description: 'Hlas sa započíta po potvrdení odkazom z e-mailu.',
    active: true,
    choices: [['Knihu', 12], ['Spoločenskú hru', 9], ['Zážitok', 17], ['Oblečenie', 4]],
  },
  {
    hash: DEMO_VOTE_ENDED,
    name: 'Kam na leto?',
    description: 'Anketa je ukončená.',
    active: false,
    choices: [['K moru', 21], ['Do hôr', 15], ['Zostanem doma', 6]],
  },
];

/**
 * One active and one ended poll with confirmed counts (issue 22: a newcomer sees them on the home
 * page and in the widget guide). Kept when already there: polls are not catalogue rows, a reseed
 * of the catalogue leaves them.
 */
export function seedVotes(sqlite: Database.Database): void {
  const exists = sqlite.prepare('SELECT 1 FROM votes WHERE hash = ?').pluck();
  const vote = sqlite.prepare('INSERT INTO votes (hash, name, description, count, sum, is_active, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const choice = sqlite.prepare('INSERT INTO vote_choices (vote_id, name, sort, sum) VALUES (?, ?, ?, ?)');
  DEMO.forEach((poll, i) => {
    if (exists.get(poll.hash)) return;
    const total = poll.choices.reduce((sum, [, n]) => sum + n, 0);
    const id = Number(vote.run(poll.hash, poll.name, poll.description, total, total, poll.active ? 1 : 0, SEED_BASE_TIME - (i + 1) * 86_400_000).lastInsertRowid);
    poll.choices.forEach(([name, sum], sort) => choice.run(id, name, sort, sum));
  });
}

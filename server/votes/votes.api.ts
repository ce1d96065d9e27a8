import { Hono, type Context } from 'hono';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { problemAnswer, problemOf } from '../http/errors';
import { NotFoundError, ProblemError, ValidationError } from '../http/problem';
import { rateLimit, type RateLimiter } from '../http/rate-limit';
import { msg } from '../i18n/msg';
import { validateVote, voteChartSchema, VOTE_HASH } from './votes.schemas';
import { findVote, sendVote, type Vote } from './votes.service';

/** Spec 8: thanks, and the vote counts only after the mailed link confirms it. */
export const VOTE_THANKS = msg('Ďakujeme za hlas. Započíta sa až po potvrdení cez odkaz, ktorý sme vám poslali e-mailom.');
/** Spec 8, verbatim; a 409 carries the message key vote.message.fail. */
export const VOTE_TAKEN = msg('Tento email už hlasoval.');
export const VOTE_TAKEN_KEY = 'vote.message.fail';

/** The 409 of an address that already voted, as a problem with the spec's message key. */
export class VoteTakenError extends ProblemError {
  constructor() {
    super(409, VOTE_TAKEN);
  }
}

/** The poll as the API and widgets read it (spec 3 field names). */
export const voteJson = (vote: Vote) => ({
  id: vote.hash,
  name: vote.name,
  description: vote.description,
  count: vote.count,
  sum: vote.sum,
  is_active: vote.isActive,
  choices: vote.choices.map((c) => ({ id: c.id, name: c.name, sum: c.sum })),
});

/** Validates and keeps one ballot (API and no-JS form alike); throws the problem to answer. */
export function castVote(c: Context<AppEnv>, body: unknown): void {
  const result = validateVote(body);
  if (!result.ok) {
    if (result.errors.hash) throw new NotFoundError(msg('Anketa neexistuje'));
    throw new ValidationError(result.errors as Record<string, string>, Object.values(result.errors)[0]);
  }
  const { db, clock } = c.get('deps');
  const outcome = sendVote(db, { ...result.value, now: clock.now(), mail: { shopId: c.get('shop').id, locale: c.get('locale') } });
  if (outcome === 'unknown') throw new NotFoundError(msg('Anketa neexistuje'));
  if (outcome === 'inactive') throw new ProblemError(403, msg('Hlasovanie v tejto ankete je ukončené.'));
  if (outcome === 'choice') throw new ValidationError({ choice: msg('Vyberte jednu z možností') }, msg('Vyberte jednu z možností'));
  if (outcome === 'voted') throw new VoteTakenError();
}

const found = (c: Context<AppEnv>, hash: string): Vote => {
  const vote = VOTE_HASH.test(hash) ? findVote(c.get('deps').db, hash) : null;
  if (!vote) throw new NotFoundError(msg('Anketa neexistuje'));
  return vote;
};

export function votesApi(limiter: RateLimiter) {
  const app = new Hono<AppEnv>();
  app.get('/api/vote/:id', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(voteJson(found(c, c.req.param('id'))));
  });
  app.post('/api/vote/send', rateLimit(limiter), async (c) => {
    try {
      castVote(c, await readBody(c));
    } catch (error) {
      if (!(error instanceof VoteTakenError)) throw error;
      return problemAnswer(c, { ...problemOf(c, error), key: VOTE_TAKEN_KEY } as ReturnType<typeof problemOf>);
    }
    return c.json({ message: c.get('i18n')._(VOTE_THANKS) }, 201);
  });
  app.post('/api/vote/chart', async (c) => {
    const parsed = voteChartSchema.safeParse(await readBody(c));
    const vote = found(c, parsed.success ? parsed.data.group : '');
    c.header('Cache-Control', 'no-store');
    return c.json(vote.choices.map((choice) => ({ name: choice.name, sum: choice.sum })));
  });
  return app;
}

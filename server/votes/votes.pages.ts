import { Hono, type Context } from 'hono';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
import { requestHeader } from '../http/request-header';
import { NotFoundError, ProblemError } from '../http/problem';
import { rateLimit, type RateLimiter } from '../http/rate-limit';
import { msg } from '../i18n/msg';
import type { Render } from '../render/renderer';
import { castVote, VOTE_THANKS, voteJson } from './votes.api';
import { VOTE_HASH, VOTE_TOKEN } from './votes.schemas';
import { ballotByToken, confirmVote, findVote, VOTE_CONFIRM_PATH } from './votes.service';

export const VOTE_PAGE_PATH = '/hlasovanie';
export const votePagePath = (hash: string) => `${VOTE_PAGE_PATH}/${hash}`;
/** The address that counts a ballot: the link the landing page offers (GET, the confirm-link directive's target). */
export const voteCountPath = (token: string) => `${VOTE_CONFIRM_PATH}/${token}/ano`;

export const CONFIRMED = msg('Ďakujeme, váš hlas sme započítali.');
export const ALREADY_CONFIRMED = msg('Tento hlas už bol potvrdený, započítali sme ho raz.');
export const LINK_EXPIRED = msg('Platnosť odkazu vypršala. Hlasujte prosím znova.');
export const LINK_INVALID = msg('Tento odkaz neplatí.');
const POLL_CLOSED = msg('Hlasovanie v tejto ankete je ukončené.');

const wantsJson = (c: Context<AppEnv>) => (requestHeader(c, 'accept') ?? '').includes('application/json');

/**
 * The poll's own page (the no-JS twin of <shop-vote>) and the confirmation: the mailed link opens a
 * page that changes nothing (mail scanners and link previews follow links, decision 050); its
 * "Potvrdiť hlas" link counts the ballot, in place through the confirm-link directive or as a page.
 */
export function votesPages(render: Render, limiter: RateLimiter) {
  const app = new Hono<AppEnv>();
  const page = (c: Context<AppEnv>, hash: string, view: { values: { email: string; choice: string }; errors: Record<string, string>; message: string }, status: 200 | 400 | 403 | 409 = 200) => {
    const vote = VOTE_HASH.test(hash) ? findVote(c.get('deps').db, hash) : null;
    if (!vote) throw new NotFoundError(msg('Anketa neexistuje'));
    return render(c, 'pages/votes/vote', { ...view, vote: voteJson(vote), sent: view.message !== '' }, { title: vote.name, status, noStore: true, canonicalPath: votePagePath(hash) });
  };

  app.get(`${VOTE_PAGE_PATH}/:voteHash{[A-Za-z0-9_-]{22}}`, (c) => page(c, c.req.param('voteHash'), { values: { email: '', choice: '' }, errors: {}, message: '' }));

  app.post(`${VOTE_PAGE_PATH}/:voteHash{[A-Za-z0-9_-]{22}}`, rateLimit(limiter), async (c) => {
    const hash = c.req.param('voteHash');
    const form = await readBody(c);
    const values = { email: typeof form.email === 'string' ? form.email.slice(0, 300) : '', choice: typeof form.choice === 'string' ? form.choice.slice(0, 20) : '' };
    try {
      castVote(c, { ...form, hash });
    } catch (error) {
      if (!(error instanceof ProblemError) || ![400, 403, 409].includes(error.status)) throw error;
      const i18n = c.get('i18n');
      const errors = error.errors ? Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, i18n._(v)])) : { _form: i18n._(error.detail) };
      return page(c, hash, { values, errors, message: '' }, error.status as 400 | 403 | 409);
    }
    return page(c, hash, { values, errors: {}, message: c.get('i18n')._(VOTE_THANKS) });
  });

  app.get(`${VOTE_CONFIRM_PATH}/:token{[A-Za-z0-9_-]{43}}`, (c) => {
    const token = c.req.param('token');
    const { state, vote, choice } = ballotByToken(c.get('deps').db, token, c.get('deps').clock.now());
    if (state === 'unknown' || !vote) throw new NotFoundError(LINK_INVALID);
    c.header('X-Robots-Tag', 'noindex');
    const i18n = c.get('i18n');
    const message = state === 'already' ? i18n._(ALREADY_CONFIRMED) : state === 'expired' ? i18n._(LINK_EXPIRED) : state === 'closed' ? i18n._(POLL_CLOSED) : '';
    return render(
      c,
      'pages/votes/confirm',
      { vote: voteJson(vote), choice, state, message, action: voteCountPath(token) },
      { title: i18n._('Potvrdiť hlas'), noStore: true, canonicalPath: VOTE_CONFIRM_PATH },
    );
  });

  // Counts the ballot once; answers JSON to the confirm-link directive (Accept: application/json), else a page.
  app.get(`${VOTE_CONFIRM_PATH}/:token/ano`, (c) => {
    const token = c.req.param('token');
    if (!VOTE_TOKEN.test(token)) throw new NotFoundError(LINK_INVALID);
    const { outcome, voteHash } = confirmVote(c.get('deps').db, token, c.get('deps').clock.now());
    if (outcome === 'unknown') throw new NotFoundError(LINK_INVALID);
    if (outcome === 'expired') throw new ProblemError(410, LINK_EXPIRED);
    if (outcome === 'closed') throw new ProblemError(403, POLL_CLOSED);
    const i18n = c.get('i18n');
    const message = i18n._(outcome === 'confirmed' ? CONFIRMED : ALREADY_CONFIRMED);
    c.header('X-Robots-Tag', 'noindex');
    if (wantsJson(c)) return c.json({ outcome, message, vote: voteHash }, 200, { 'Cache-Control': 'no-store' });
    const vote = voteHash ? findVote(c.get('deps').db, voteHash) : null;
    return render(c, 'pages/votes/confirm', { vote: vote ? voteJson(vote) : null, choice: '', state: outcome, message, action: '' }, { title: i18n._('Potvrdiť hlas'), noStore: true, canonicalPath: VOTE_CONFIRM_PATH });
  });

  return app;
}

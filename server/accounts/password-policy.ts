import { msg } from '../i18n/msg';

export const WEAK_PASSWORD = msg('Toto heslo sa dá ľahko uhádnuť. Zvoľte dlhšie alebo menej bežné heslo.');
/** zxcvbn score 0–4; 2 and more resists online guessing with the rate limits we keep. */
export const MIN_SCORE = 2;

type Zxcvbn = typeof import('@zxcvbn-ts/core').zxcvbn;
let checker: Promise<Zxcvbn> | undefined;

/**
 * zxcvbn and its common dictionary (most-used passwords, keyboard patterns) are loaded on the first
 * password a visitor chooses, not at start: they hold ~6 MB of heap that a shop answering pages never
 * needs (decision 266, RSS after the 100k bench).
 */
function loadChecker(): Promise<Zxcvbn> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    core.zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    return core.zxcvbn;
  });
  return checker;
}

/**
 * The length rule lives in the schema; this refuses common passwords and ones built from the
 * e-mail. Answers a Slovak message or null (zxcvbn's own English feedback is not shown).
 */
export async function weakPasswordMessage(password: string, email = ''): Promise<string | null> {
  const zxcvbn = await loadChecker();
  const local = email.split('@')[0] ?? '';
  const result = zxcvbn(password.slice(0, 100), [email, local].filter(Boolean));
  return result.score < MIN_SCORE ? WEAK_PASSWORD : null;
}

import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { msg } from '../i18n/msg';

// Set once per process: the common dictionary (most-used passwords, keyboard patterns).
zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });

export const WEAK_PASSWORD = msg('Toto heslo sa dá ľahko uhádnuť. Zvoľte dlhšie alebo menej bežné heslo.');
/** zxcvbn score 0–4; 2 and more resists online guessing with the rate limits we keep. */
export const MIN_SCORE = 2;

/**
 * The length rule lives in the schema; this refuses common passwords and ones built from the
 * e-mail. Answers a Slovak message or null (zxcvbn's own English feedback is not shown).
 */
export function weakPasswordMessage(password: string, email = ''): string | null {
  const local = email.split('@')[0] ?? '';
  const result = zxcvbn(password.slice(0, 100), [email, local].filter(Boolean));
  return result.score < MIN_SCORE ? WEAK_PASSWORD : null;
}

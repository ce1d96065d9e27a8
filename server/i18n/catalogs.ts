import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { messages as cs } from '../../locales/cs/messages';
import { messages as de } from '../../locales/de/messages';
import { messages as en } from '../../locales/en/messages';
import { messages as hu } from '../../locales/hu/messages';
import { messages as ro } from '../../locales/ro/messages';
import { messages as sk } from '../../locales/sk/messages';
import { LOCALES, type Locale } from './locales';
import { LRUCache } from 'lru-cache';

const compiled: Record<Locale, Messages> = { sk, cs, en, de, ro, hu };

/**
 * One immutable i18n instance per locale, made once per app. Requests pick one and never call
 * activate(), so concurrent requests in different languages cannot leak into each other.
 */
export function createTranslators(): Record<Locale, I18n> {
  const out = {} as Record<Locale, I18n>;
  const compile = compiledOnce();
  for (const locale of LOCALES) {
    // Shop data (carrier and payment names typed by the operator) passes through the translator too:
    // a text the catalogue does not know is compiled on the spot, so it is shown as written (with its
    // placeholders filled) instead of Lingui warning on every request. Our own texts are all in the
    // catalogue (tests/server/i18n.test.ts checks it).
    out[locale] = setupI18n({ locale, messages: { [locale]: compiled[locale] } }).setMessagesCompiler(compile);
  }
  return out;
}

/** Texts kept compiled at most; the oldest goes first. */
const COMPILED_TEXTS = 2000;

/**
 * Lingui hands a string it is about to show to the compiler on each call (a shop text the catalogue
 * lacks; also a catalogue text kept as a plain string). Parsing one costs a few µs (its lexer): an
 * uncached category page spent ~13 µs on it. The result depends on the text alone, so each is
 * compiled once.
 */
function compiledOnce(): typeof compileMessage {
  const compiled = new LRUCache<string, ReturnType<typeof compileMessage>>({ max: COMPILED_TEXTS });
  return (text) => {
    let message = compiled.get(text);
    if (message === undefined) compiled.set(text, (message = compileMessage(text)));
    return message;
  };
}

import { I18n, type MessageDescriptor, type MessageOptions, type Messages } from '@lingui/core';
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
    out[locale] = new Translator(locale, compiled[locale]).setMessagesCompiler(compile);
  }
  return out;
}

/** Escapes Lingui decodes in a text (a backslash, then u and four hex digits, or x and two): left to Lingui. */
const ESCAPED = /\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}/;

/** A catalogue text as words and placeholders only ([name]), or as it is when it has neither. */
type SimpleText = string | (string | [string])[];

function simpleText(message: unknown): SimpleText | undefined {
  if (!Array.isArray(message)) return undefined;
  const parts = message as unknown[];
  if (!parts.every((part) => typeof part === 'string' || (Array.isArray(part) && part.length === 1 && typeof part[0] === 'string'))) return undefined;
  if (parts.some((part) => typeof part === 'string' && ESCAPED.test(part))) return undefined;
  return parts.every((part) => typeof part === 'string') ? parts.join('') : (parts as (string | [string])[]);
}

/**
 * Lingui, with the catalogue's simple texts (words and plain placeholders, no plural, select or
 * number format) filled here. Lingui formats every compiled text through a fresh formatter (a
 * closure per placeholder type and a reduce) on each call, plain ones too: pages call t() dozens
 * of times, and a search page spent ~4 KB of garbage a request on it (a sampling heap profile of
 * the 100k search bench). Values are filled as Lingui fills them (null and undefined as nothing).
 */
class Translator extends I18n {
  private readonly simple = new Map<string, SimpleText>();

  constructor(locale: Locale, messages: Messages) {
    super({ locale, messages: { [locale]: messages } });
    for (const [id, message] of Object.entries(messages)) {
      const text = simpleText(message);
      if (text !== undefined) this.simple.set(id, text);
    }
  }

  override _(descriptor: MessageDescriptor): string;
  override _(id: string, values?: Record<string, unknown>, options?: MessageOptions): string;
  override _(id: string | MessageDescriptor, values?: Record<string, unknown>, options?: MessageOptions): string {
    if (typeof id !== 'string') return super._(id);
    const message = this.simple.get(id);
    if (message === undefined) return super._(id, values, options);
    if (typeof message === 'string') return message;
    let text = '';
    for (const part of message) text += typeof part === 'string' ? part : (values?.[part[0]] ?? '');
    return text;
  }
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

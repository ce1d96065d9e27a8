/**
 * What widgets use of `@lingui/core`, in the bytes a shopper downloads (docs/decisions/164). The
 * build aliases `@lingui/core` to this file, and so does the `widgets-preact` test project, so the
 * widget tests run against it; the `widgets-react` project keeps the real Lingui as the reference.
 *
 * Catalogues arrive compiled (build/catalogs.ts), so there is no ICU parser: a message is a string
 * or an array of text and `[name]` / `[name, 'plural' | 'selectordinal' | 'select', cases]` tokens,
 * the format `lingui compile` writes. An id with no catalogue entry is its own Slovak text, whose
 * `{name}` placeholders are filled here (the Slovak catalogue is empty on purpose). Lingui's date and
 * number formatters and `\u` escape decoding are left out: no widget string uses them.
 */
type Token = string | [string, string?, Record<string, Compiled>?];
type Compiled = string | Token[];
export type Messages = Record<string, Compiled>;
type Values = Record<string, unknown>;

/** The Slovak source text as a compiled message: `{name}` becomes `[name]`. */
function placeholders(text: string): Token[] {
  return text.split(/(\{\w+\})/).map((part) => (/^\{\w+\}$/.test(part) ? [part.slice(1, -1)] : part));
}

export class I18n {
  private _locale = '';
  private _messages: Messages = {};
  private listeners: Array<() => void> = [];
  /** Lingui's alias of `_`, which @lingui/react hands out as well. */
  t = this._.bind(this);

  get locale(): string {
    return this._locale;
  }

  get messages(): Messages {
    return this._messages;
  }

  loadAndActivate({ locale, messages }: { locale: string; messages: Messages }): void {
    this._locale = locale;
    this._messages = messages;
    for (const listener of this.listeners) listener();
  }

  /** Kept for the real Lingui's callers; compiled catalogues need no compiler here. */
  setMessagesCompiler(_compiler: unknown): this {
    return this;
  }

  on(_event: 'change', listener: () => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  _(id: string | { id: string; values?: Values }, values?: Values): string {
    if (typeof id !== 'string') {
      values = id.values ?? values;
      id = id.id;
    }
    const found = this._messages[id];
    return this.format(typeof found === 'object' ? found : placeholders(found ?? id), values ?? {}, undefined);
  }

  /** Joins the tokens; inside a plural branch `#` is the count in the locale's digits. */
  private format(tokens: Compiled, values: Values, count: number | undefined): string {
    if (typeof tokens === 'string') return tokens;
    let out = '';
    for (const token of tokens) {
      if (typeof token === 'string') {
        out += token === '#' && count !== undefined ? new Intl.NumberFormat(this._locale).format(count) : token;
        continue;
      }
      const [name, type, cases = {}] = token;
      const value = values[name];
      if (!type) {
        out += value ?? '';
      } else if (type === 'select') {
        out += this.format(cases[String(value)] ?? cases.other ?? '', values, count);
      } else {
        const n = Number(value);
        const offset = Number(cases.offset ?? 0);
        const rule = new Intl.PluralRules(this._locale, { type: type === 'selectordinal' ? 'ordinal' : 'cardinal' }).select(n - offset);
        out += this.format(cases[n] ?? cases[rule] ?? cases.other ?? '', values, n - offset);
      }
    }
    return out;
  }
}

export function setupI18n(): I18n {
  return new I18n();
}

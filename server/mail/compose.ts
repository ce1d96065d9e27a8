import type { I18n } from '@lingui/core';
import { convert } from 'html-to-text';
import type { Locale } from '../i18n/locales';
import { createEta } from '../render/eta';
import { formatMoney } from '../render/format';

export interface ComposedMail {
  html: string;
  text: string;
}

export interface MailTemplates {
  /** Renders `templates/mail/<name>.eta` in the reader's language; the plain-text part is made from the same HTML. */
  render(name: string, view: Record<string, unknown>, reader: { i18n: I18n; locale: Locale; currency: string }): ComposedMail;
}

/**
 * Mail bodies from Eta templates (templates/mail/), one template per message: inline styles and a
 * single 600 px column, as mail clients need; the text part is html-to-text's reading of that HTML
 * (links kept as [url]), so the two parts cannot say different things.
 */
export function createMailTemplates(options: { root: string; production: boolean }): MailTemplates {
  const eta = createEta({ root: options.root, production: options.production });
  return {
    render(name, view, reader) {
      const html = eta.render(`/mail/${name}`, {
        ...view,
        t: (id: string, values?: Record<string, unknown>) => reader.i18n._(id, values),
        money: (minor: number) => formatMoney(minor, reader.currency, reader.locale),
        lang: reader.locale,
      });
      const text = convert(html, {
        wordwrap: 78,
        selectors: [
          { selector: 'img', format: 'skip' },
          { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
          { selector: 'table', format: 'dataTable' },
          { selector: 'h1', options: { uppercase: false } },
          { selector: 'h2', options: { uppercase: false } },
          { selector: '.preheader', format: 'skip' },
        ],
      });
      return { html, text };
    },
  };
}

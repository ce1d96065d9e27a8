import { isLocale } from '../i18n/locales';
import type { MailMessage } from '../mail/mailer';
import type { Outbox } from '../mail/outbox';
import { formatDateTime } from '../orders/order-dates';
import type { MailEnv } from '../orders/order-mails';
import { supplierOf } from '../shops/supplier.service';
import { findVoteById, VOTE_MAIL, voteConfirmLink } from './votes.service';

/** The double opt-in mail: the poll, the choice and the single-use link that makes the vote count. */
function composeConfirmation(env: MailEnv, ref: Record<string, unknown>): MailMessage | null {
  const shop = env.shops.find((s) => s.id === ref.shop);
  if (!shop || typeof ref.token !== 'string' || typeof ref.email !== 'string' || typeof ref.vote !== 'number' || typeof ref.expires !== 'number') return null;
  const vote = findVoteById(env.db, ref.vote);
  if (!vote) return null;
  const locale = isLocale(ref.locale) ? ref.locale : shop.locale;
  const i18n = env.translators[locale];
  const supplier = supplierOf(env.db, shop.id);
  const choice = vote.choices.find((c) => c.id === ref.choice)?.name ?? '';
  const subject = i18n._('Potvrďte svoj hlas v ankete {name}', { name: vote.name });
  const { html, text } = env.templates.render(
    'vote-confirm',
    {
      subject,
      shopName: shop.name,
      footer: [supplier.name, supplier.email].filter(Boolean),
      heading: subject,
      intro: [i18n._('Hlasovali ste za možnosť {choice}.', { choice }), i18n._('Hlas sa započíta až po potvrdení cez tento odkaz.')],
      outro: [
        i18n._('Odkaz platí do {date} a dá sa použiť raz.', { date: formatDateTime(new Date(ref.expires).toISOString()) }),
        i18n._('Ak ste nehlasovali, e-mail ignorujte.'),
      ],
      action: { href: voteConfirmLink(shop.origin, ref.token), label: i18n._('Potvrdiť hlas') },
    },
    { i18n, locale, currency: shop.currency },
  );
  return { to: ref.email, subject, text, html };
}

export function registerVoteMails(outbox: Outbox, env: MailEnv): void {
  outbox.register(VOTE_MAIL, (ref) => composeConfirmation(env, ref));
}

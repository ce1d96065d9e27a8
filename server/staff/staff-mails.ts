import type { Outbox } from '../mail/outbox';
import type { MailMessage } from '../mail/mailer';
import { isLocale } from '../i18n/locales';
import type { MailEnv } from '../orders/order-mails';
import { formatDateTime } from '../orders/order-dates';
import { supplierOf } from '../shops/supplier.service';
import { invitationLink } from './invitations.service';

export const STAFF_MAIL = { invitation: 'staff.invitation' } as const;

/**
 * The invitation to the back office, in the language of the admin who sent it, with the link that
 * holds the token. The token travels in the queued row's ref (the invitation itself keeps only its
 * hash): whoever reads the database can already do anything a link could, and the link dies when it
 * is used, revoked or three days old.
 */
function composeInvitation(env: MailEnv, ref: Record<string, unknown>): MailMessage | null {
  const shop = env.shops.find((s) => s.id === ref.shop);
  if (!shop || typeof ref.token !== 'string' || typeof ref.email !== 'string' || typeof ref.expires !== 'number') return null;
  const locale = isLocale(ref.locale) ? ref.locale : shop.locale;
  const i18n = env.translators[locale];
  const supplier = supplierOf(env.db, shop.id);
  const subject = i18n._('Pozvánka do administrácie obchodu {shop}', { shop: shop.name });
  const role = ref.role === 'ROLE_ADMIN' ? i18n._('Administrátor') : i18n._('Redaktor');
  const { html, text } = env.templates.render(
    'staff-invitation',
    {
      subject,
      shopName: shop.name,
      footer: [supplier.name, supplier.email].filter(Boolean),
      heading: subject,
      intro: [i18n._('Boli ste pozvaní do administrácie obchodu {shop} s rolou {role}.', { shop: shop.name, role })],
      outro: [
        i18n._('Odkaz platí do {date} a dá sa použiť raz. Budete potrebovať aplikáciu na overovacie kódy v telefóne.', { date: formatDateTime(new Date(ref.expires).toISOString()) }),
        i18n._('Ak pozvánku nečakáte, e-mail ignorujte.'),
      ],
      action: { href: invitationLink(shop.origin, ref.token), label: i18n._('Prijať pozvánku') },
    },
    { i18n, locale, currency: shop.currency },
  );
  return { to: ref.email, subject, text, html };
}

export function registerStaffMails(outbox: Outbox, env: MailEnv): void {
  outbox.register(STAFF_MAIL.invitation, (ref) => composeInvitation(env, ref));
}

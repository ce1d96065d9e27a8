import { isLocale } from '../i18n/locales';
import type { MailMessage } from '../mail/mailer';
import type { Outbox } from '../mail/outbox';
import type { MailEnv } from '../orders/order-mails';
import { supplierOf } from '../shops/supplier.service';
import { REPLY_MAIL } from './notifications.service';

/**
 * The mail that tells a user the shop has answered (a back-office reply, server/admin/messages):
 * the reply's subject and text and a link to /moje/spravy, in the replying member's shop and language.
 */
function composeReply(env: MailEnv, ref: Record<string, unknown>): MailMessage | null {
  if (typeof ref.notification !== 'number') return null;
  const shop = env.shops.find((s) => s.id === ref.shop) ?? env.shops[0];
  if (!shop) return null;
  const row = env.db.$client
    .prepare<[number], { title: string; text: string; email: string }>(
      `SELECT n.title, n.text, u.email FROM notifications n JOIN users u ON u.id = n.user_id AND u.deleted_at IS NULL WHERE n.id = ? AND n.direction = 'received'`,
    )
    .get(ref.notification);
  if (!row) return null;
  const locale = isLocale(ref.locale) ? ref.locale : shop.locale;
  const i18n = env.translators[locale];
  const supplier = supplierOf(env.db, shop.id);
  const subject = i18n._('Nová správa od obchodu {shop}: {title}', { shop: shop.name, title: row.title });
  const { html, text } = env.templates.render(
    'approval',
    {
      subject,
      shopName: shop.name,
      footer: [supplier.name, supplier.email].filter(Boolean),
      heading: row.title,
      intro: [i18n._('Obchod {shop} vám poslal správu:', { shop: shop.name })],
      message: row.text,
      action: { href: `${shop.origin}/moje/spravy`, label: i18n._('Správy') },
    },
    { i18n, locale, currency: shop.currency },
  );
  return { to: row.email, subject, text, html };
}

export function registerNotificationMails(outbox: Outbox, env: MailEnv): void {
  outbox.register(REPLY_MAIL, (ref) => composeReply(env, ref));
}

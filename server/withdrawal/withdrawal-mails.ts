import { isLocale } from '../i18n/locales';
import type { Outbox } from '../mail/outbox';
import type { MailMessage } from '../mail/mailer';
import { orderForMail, trackingUrl, type MailEnv } from '../orders/order-mails';
import { supplierOf } from '../shops/supplier.service';
import { withdrawalReceiptPath } from './paths';
import { receiptView } from './withdrawal-receipt';
import { WITHDRAWAL_MAIL, withdrawalById } from './withdrawal.service';

type WithdrawalMailKind = (typeof WITHDRAWAL_MAIL)[keyof typeof WITHDRAWAL_MAIL];

/**
 * The receipt (to the shopper, in the language they withdrew in) and the operator's notice (in
 * Slovak, as every operator mail): the same content, queued in the withdrawal's transaction.
 */
function composeWithdrawalMail(env: MailEnv, kind: WithdrawalMailKind, ref: Record<string, unknown>): MailMessage | null {
  const withdrawal = typeof ref.withdrawal === 'number' ? withdrawalById(env.db, ref.withdrawal) : undefined;
  if (!withdrawal) return null;
  const operator = kind === WITHDRAWAL_MAIL.operator;
  const found = orderForMail(env, { order: withdrawal.orderId, shop: ref.shop }, operator ? 'sk' : isLocale(withdrawal.locale) ? withdrawal.locale : undefined);
  if (!found) return null;
  const { shop, order, locale, i18n } = found;
  const supplier = supplierOf(env.db, shop.id);
  const receipt = receiptView(withdrawal, order, supplier);
  const number = order.document_number;
  const subject = operator
    ? i18n._('Odstúpenie od zmluvy – objednávka č. {number}', { number })
    : i18n._('Potvrdenie o odstúpení od zmluvy – objednávka č. {number}', { number });
  const { html, text } = env.templates.render(
    'withdrawal',
    {
      subject,
      preheader: operator ? i18n._('Odstúpenie od zmluvy bolo prijaté {when}.', { when: receipt.when }) : i18n._('Vaše odstúpenie od zmluvy sme prijali {when}.', { when: receipt.when }),
      shopName: shop.name,
      footer: [supplier.name, `${supplier.street}, ${supplier.zip} ${supplier.town}`, supplier.email, supplier.phone].filter(Boolean),
      operator,
      receipt,
      action: operator
        ? { href: trackingUrl(shop, order.hash), label: i18n._('Otvoriť objednávku') }
        : { href: `${shop.origin}${withdrawalReceiptPath(shop.code, receipt.publicId)}`, label: i18n._('Zobraziť potvrdenie') },
    },
    { i18n, locale, currency: order.currency.code },
  );
  return { to: operator ? env.operator || supplier.email : withdrawal.email, subject, text, html };
}

export function registerWithdrawalMails(outbox: Outbox, env: MailEnv): void {
  for (const kind of Object.values(WITHDRAWAL_MAIL)) outbox.register(kind, (ref) => composeWithdrawalMail(env, kind, ref));
}

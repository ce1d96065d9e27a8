import type { I18n } from '@lingui/core';
import { isLocale } from '../../i18n/locales';
import type { MailMessage } from '../../mail/mailer';
import type { Outbox } from '../../mail/outbox';
import type { MailEnv } from '../../orders/order-mails';
import { supplierOf } from '../../shops/supplier.service';
import { APPROVAL_MAIL } from './approvals.service';

/**
 * The mails of the operator's decisions (server/admin/people/approvals.service.ts): to a seller about
 * a product or their shop (the message row holds the words), and to a wholesale or seller applicant.
 * Composed when sent, in the language of the member who decided.
 */
interface SellerMessage {
  kind: string;
  body: string;
  email: string | null;
  sellerName: string;
  productName: string | null;
}

function reader(env: MailEnv, ref: Record<string, unknown>) {
  const shop = env.shops.find((s) => s.id === ref.shop) ?? env.shops[0];
  if (!shop) return null;
  const locale = isLocale(ref.locale) ? ref.locale : shop.locale;
  return { shop, locale, i18n: env.translators[locale], footer: [supplierOf(env.db, shop.id).name, supplierOf(env.db, shop.id).email].filter(Boolean) };
}

/** A seller message's words (its mail and the seller's Správy page, server/sellers/seller-messages.ts); null for an unknown kind. */
export function sellerMessageText(i18n: I18n, kind: string, product: string, seller: string): { subject: string; intro: string } | null {
  const texts: Record<string, { subject: string; intro: string }> = {
    'product-approved': { subject: i18n._('Produkt {product} je schválený', { product }), intro: i18n._('Váš produkt {product} sme schválili. V obchode sa už dá kúpiť.', { product }) },
    'product-disabled': { subject: i18n._('Produkt {product} sme vypli', { product }), intro: i18n._('Váš produkt {product} sme neschválili a vypli sme ho. Dôvod:', { product }) },
    'shop-approved': { subject: i18n._('Váš obchod {seller} je schválený', { seller }), intro: i18n._('Váš obchod {seller} sme schválili. Jeho stránka a produkty sa už zobrazujú v obchode.', { seller }) },
    'shop-refused': { subject: i18n._('Váš obchod {seller} sme neschválili', { seller }), intro: i18n._('Váš obchod {seller} sme zatiaľ neschválili. Dôvod:', { seller }) },
  };
  return texts[kind] ?? null;
}

function composeSeller(env: MailEnv, ref: Record<string, unknown>): MailMessage | null {
  const r = reader(env, ref);
  if (!r || typeof ref.message !== 'number') return null;
  const row = env.db.$client
    .prepare<[number], SellerMessage>(
      `SELECT m.kind, m.body, s.email, s.name AS sellerName, p.name AS productName FROM seller_messages m JOIN sellers s ON s.id = m.seller_id
        LEFT JOIN products p ON p.id = m.product_id WHERE m.id = ?`,
    )
    .get(ref.message);
  if (!row?.email) return null;
  const { i18n } = r;
  const text = sellerMessageText(i18n, row.kind, row.productName ?? '', row.sellerName);
  if (!text) return null;
  const { html, text: plain } = env.templates.render(
    'approval',
    { subject: text.subject, shopName: r.shop.name, footer: r.footer, heading: text.subject, intro: [text.intro], message: row.body, action: { href: `${r.shop.origin}/moje/spravy`, label: i18n._('Správy') } },
    { i18n, locale: r.locale, currency: r.shop.currency },
  );
  return { to: row.email, subject: text.subject, text: plain, html };
}

function composeAccount(env: MailEnv, ref: Record<string, unknown>): MailMessage | null {
  const r = reader(env, ref);
  if (!r || typeof ref.user !== 'number') return null;
  const user = env.db.$client.prepare<[number], { email: string }>('SELECT email FROM users WHERE id = ? AND deleted_at IS NULL').get(ref.user);
  if (!user) return null;
  const { i18n } = r;
  const type = ref.type === 'seller' ? i18n._('predajcu') : i18n._('veľkoobchodného zákazníka');
  const subject = ref.approved ? i18n._('Vaše konto {type} je schválené', { type }) : i18n._('Vašu žiadosť o konto {type} sme neschválili', { type });
  const intro = ref.approved
    ? [i18n._('Vašu žiadosť o konto {type} v obchode {shop} sme schválili. Po prihlásení máte k dispozícii všetko, čo k nemu patrí.', { type, shop: r.shop.name })]
    : [i18n._('Vašu žiadosť o konto {type} v obchode {shop} sme neschválili. Nakupovať môžete naďalej ako bežný zákazník.', { type, shop: r.shop.name })];
  const { html, text } = env.templates.render(
    'approval',
    { subject, shopName: r.shop.name, footer: r.footer, heading: subject, intro, message: typeof ref.message === 'string' ? ref.message : '', action: { href: `${r.shop.origin}/moje/prihlasenie`, label: i18n._('Prihlásiť sa') } },
    { i18n, locale: r.locale, currency: r.shop.currency },
  );
  return { to: user.email, subject, text, html };
}

export function registerApprovalMails(outbox: Outbox, env: MailEnv): void {
  outbox.register(APPROVAL_MAIL.seller, (ref) => composeSeller(env, ref));
  outbox.register(APPROVAL_MAIL.account, (ref) => composeAccount(env, ref));
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import type { MailAttachment, MailMessage } from '../mail/mailer';
import type { Outbox } from '../mail/outbox';
import { formatDateTime } from '../orders/order-dates';
import { orderForMail, trackingUrl, type MailEnv } from '../orders/order-mails';
import { supplierOf } from '../shops/supplier.service';
import { claimTypeById, translatedType } from './claim-types.service';
import { CLAIM_MAIL } from './claims.service';

interface ClaimRow {
  number: string;
  shopId: number;
  orderId: number;
  typeId: number;
  documentNumber: string;
  note: string;
  createdAt: number;
}

const sql = perDatabase((db: Db) => ({
  claim: db.$client.prepare<[number], ClaimRow>(
    `SELECT number, shop_id AS shopId, order_id AS orderId, type_id AS typeId, document_number AS documentNumber, note, created_at AS createdAt
       FROM claims WHERE id = ?`,
  ),
  photos: db.$client.prepare<[number], { file: string }>('SELECT file FROM claim_photos WHERE claim_id = ? ORDER BY id'),
}));

/**
 * The shopper's receipt of a claim (a confirmation on a durable medium, as consumer law asks), in
 * the order's language; and the operator's notice, in Slovak, with the photos attached (the back
 * office comes later; until then the mail and `server/claims/cli.ts` are where claims are read).
 */
async function composeClaimMail(env: MailEnv, photoDir: string, kind: string, ref: Record<string, unknown>): Promise<MailMessage | null> {
  const claim = typeof ref.claim === 'number' ? sql(env.db).claim.get(ref.claim) : undefined;
  const operator = kind === CLAIM_MAIL.operator;
  const found = claim && orderForMail(env, { order: claim.orderId, shop: claim.shopId }, operator ? 'sk' : undefined);
  if (!claim || !found) return null;
  const { shop, order, locale, i18n } = found;
  const supplier = supplierOf(env.db, shop.id);
  const type = translatedType(claimTypeById(env.db, claim.typeId)!, i18n);
  const files = sql(env.db).photos.all(ref.claim as number);
  const number = claim.number;
  const subject = operator
    ? i18n._('Nová reklamácia č. {number} k objednávke č. {order}', { number, order: order.document_number })
    : i18n._('Potvrdenie reklamácie č. {number}', { number });
  const attachments: MailAttachment[] = [];
  if (operator) {
    for (const [i, p] of files.entries()) {
      const content = await readFile(join(photoDir, p.file)).catch(() => null);
      if (content) attachments.push({ filename: `reklamacia-${number}-${i + 1}.jpg`, content, contentType: 'image/jpeg' });
    }
  }
  const { html, text } = env.templates.render(
    'claim',
    {
      subject,
      preheader: operator ? `${order.full_name}, ${order.email}` : type.success,
      shopName: shop.name,
      footer: [supplier.name, `${supplier.street}, ${supplier.zip} ${supplier.town}`, supplier.email, supplier.phone].filter(Boolean),
      heading: operator ? subject : i18n._('Reklamáciu sme prijali'),
      intro: operator ? [`${order.full_name}, ${order.email}, ${order.contact}`] : [type.success],
      rows: [
        [i18n._('Číslo reklamácie'), number],
        [i18n._('Druh'), type.name],
        [i18n._('Objednávka'), order.document_number],
        ...(claim.documentNumber !== order.document_number ? [[i18n._('Faktúra'), claim.documentNumber]] : []),
        [i18n._('Prijatá'), formatDateTime(new Date(claim.createdAt).toISOString())],
        [i18n._('Fotografie'), String(files.length)],
      ],
      note: claim.note,
      outro: operator ? [i18n._('Vybavenú reklamáciu uzavriete príkazom: npx tsx server/claims/cli.ts close {number}', { number })] : [i18n._('Reklamáciu vybavíme bez zbytočného odkladu, najneskôr do 30 dní. O výsledku vás budeme informovať e-mailom.')],
      action: { href: trackingUrl(shop, order.hash), label: operator ? i18n._('Otvoriť objednávku') : i18n._('Sledovať objednávku') },
    },
    { i18n, locale, currency: order.currency.code },
  );
  const to = operator ? env.operator || supplier.email : order.email;
  return { to, subject, text, html, ...(attachments.length ? { attachments } : {}) };
}

/** Registers the claim mails with the outbox; photos are read from `photoDir` (UPLOADS_DIR/claims). */
export function registerClaimMails(outbox: Outbox, env: MailEnv, photoDir: string): void {
  for (const kind of Object.values(CLAIM_MAIL)) outbox.register(kind, (ref) => composeClaimMail(env, photoDir, kind, ref));
}

import type { I18n } from '@lingui/core';
import type { Mailer } from '../mail/mailer';
import type { ShopContext } from '../http/env';
import { formatMoney } from '../render/format';
import { BANK_ACCOUNTS } from './bank';
import { paymentQrDataUrl, paymentQrText } from './payment-qr';
import type { OrderView } from './order-view';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function trackingUrl(shop: Pick<ShopContext, 'origin'>, hash: string): string {
  return `${shop.origin}/sledovanie-zasielky/${hash}`;
}

/** The order confirmation in the shopper's locale (Slovak source texts), with the QR for a bank transfer. */
export async function sendOrderMail(mailer: Mailer, i18n: I18n, shop: ShopContext, order: OrderView): Promise<void> {
  const money = (minor: number) => formatMoney(minor, order.currency.code, shop.locale);
  const url = trackingUrl(shop, order.hash);
  const lines = order.items.map((i) => `${i.quantity} × ${i.name}: ${money(i.line_total)}`);
  const text = [
    i18n._('Ďakujeme za objednávku č. {number}.', { number: order.document_number }),
    '',
    ...lines,
    `${i18n._('Doprava')}: ${money(order.price_shipping)}`,
    ...(order.price_alignment ? [`${i18n._('Centové dorovnanie')}: ${money(order.price_alignment)}`] : []),
    `${i18n._('Celkom k úhrade')}: ${money(order.total)}`,
    ...(order.gift ? ['', `${i18n._('Darček')}: ${order.gift}`] : []),
    '',
    `${i18n._('Stav objednávky môžete sledovať tu')}: ${url}`,
  ];
  let qrHtml = '';
  if (order.bank_transfer) {
    const bank = BANK_ACCOUNTS[shop.code];
    const qr = paymentQrText(bank, { amount: order.total, currency: order.currency.code, variableSymbol: order.document_number, note: order.document_number });
    text.push('', bank.bankName, `IBAN: ${bank.iban}`, `SWIFT: ${bank.swift}`, `${i18n._('Variabilný symbol')}: ${order.document_number}`);
    qrHtml = `<h2>${escapeHtml(bank.bankName)}</h2><p>IBAN: ${escapeHtml(bank.iban)}<br>SWIFT: ${escapeHtml(bank.swift)}<br>${escapeHtml(i18n._('Variabilný symbol'))}: ${escapeHtml(order.document_number)}</p><p><img alt="QR" width="240" height="240" src="${await paymentQrDataUrl(qr)}"></p>`;
  }
  const html = `<p>${text.map(escapeHtml).join('<br>')}</p><p><a href="${escapeHtml(url)}">${escapeHtml(i18n._('Sledovanie zásielky'))}</a></p>${qrHtml}`;
  await mailer.send({ to: order.email, subject: i18n._('Potvrdenie objednávky č. {number}', { number: order.document_number }), text: text.join('\n'), html });
}

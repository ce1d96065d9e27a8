import type { I18n } from '@lingui/core';
import type { Supplier } from '../shops/supplier.service';
import type { OrderView } from './order-view';

/**
 * The two parties of a sale as every document prints them (PDFs, mails, the tracking page): one
 * list of lines each, so the invoice and the page can never name the buyer differently.
 */

const COUNTRY_NAMES: Record<string, string> = { sk: 'Slovensko', cz: 'Česko' };

function countryName(code: string, i18n: I18n): string {
  const name = COUNTRY_NAMES[code.toLowerCase()];
  return name ? i18n._(name) : code.toUpperCase();
}

/** The supplier: name, address, IČO, DIČ, IČ DPH (or that it is not a VAT payer), register entry. */
export function supplierLines(s: Supplier, i18n: I18n): string[] {
  return [
    s.name,
    s.street,
    `${s.zip} ${s.town}`,
    countryName(s.country, i18n),
    `${i18n._('IČO')}: ${s.companyNumber}`,
    `${i18n._('DIČ')}: ${s.taxNumber}`,
    s.vatNumber ? `${i18n._('IČ DPH')}: ${s.vatNumber}` : i18n._('Nie je platiteľ DPH'),
    ...(s.register ? [s.register] : []),
  ];
}

/** The buyer as the invoice names them (invoice-address.ts fallbacks), with the IDs they gave. */
export function partyLines(o: OrderView, i18n: I18n): string[] {
  return [
    o.invoice_name,
    ...(o.invoice_company_number ? [`${i18n._('IČO')}: ${o.invoice_company_number}`] : []),
    ...(o.invoice_company_tax ? [`${i18n._('DIČ')}: ${o.invoice_company_tax}`] : []),
    ...(o.invoice_company_vat ? [`${i18n._('IČ DPH')}: ${o.invoice_company_vat}`] : []),
    o.invoice_street,
    `${o.invoice_zip} ${o.invoice_town}`,
    countryName(o.invoice_country, i18n),
  ];
}

import type { OrderCustomer } from './order-view';

/**
 * Who the invoice is made out to (spec 2: "invoice address … falls back to the delivery data"),
 * as one rule for every document. The name and the address fall back separately and each as a
 * whole: an invoice name stands alone, but an invoice street is used only with its town and zip
 * (never an invoice street beside a delivery town). The company IDs go as a set: one company's
 * IČO is never printed beside another's DIČ or IČ DPH.
 */
export interface InvoiceParty {
  name: string;
  companyNumber: string;
  taxNumber: string;
  vatNumber: string;
  street: string;
  zip: string;
  town: string;
  country: string;
}

/** What the invoice is made from: the order's customer columns without the contact details. */
export type OrderParties = Omit<OrderCustomer, 'contact' | 'email'>;

export function invoiceParty(o: OrderParties): InvoiceParty {
  const fullName = `${o.firstName} ${o.lastName}`.trim();
  const ownAddress = Boolean(o.invoiceStreet.trim() && o.invoiceTown.trim() && o.invoiceZip.trim());
  const ownIds = Boolean(o.invoiceNumber || o.invoiceVat || o.invoiceTax);
  return {
    name: o.invoiceName || o.companyName || fullName,
    companyNumber: ownIds ? o.invoiceNumber : o.companyNumber,
    taxNumber: ownIds ? o.invoiceTax : o.companyTax,
    vatNumber: ownIds ? o.invoiceVat : o.companyVat,
    street: ownAddress ? o.invoiceStreet : o.street,
    zip: ownAddress ? o.invoiceZip : o.zip,
    town: ownAddress ? o.invoiceTown : o.town,
    country: ownAddress ? o.invoiceCountry || o.country : o.country,
  };
}

/**
 * Spec 3 "Saved addresses" (the answer of getFavoriteAddress and getRecentAddress) and how it
 * fills the step-3 form. Pure, so the checkout wizard imports the same mapping the server uses.
 */
export interface SavedAddressEntry {
  street: string;
  town: string;
  zip: string;
  country: { code: string };
  first_name: string;
  last_name: string;
  company_name: string;
  company_number: string;
  company_vat: string;
}

/** Every key is always present; a part nobody saved is null. */
export interface SavedAddresses {
  delivery: SavedAddressEntry | null;
  invoice: SavedAddressEntry | null;
  phone: { raw: string } | null;
  email: { raw: string } | null;
}

export const EMPTY_SAVED: SavedAddresses = { delivery: null, invoice: null, phone: null, email: null };

/** True when nothing in the entry was filled (a row of empty strings is no address). */
export function isBlankEntry(e: SavedAddressEntry): boolean {
  return ![e.street, e.town, e.zip, e.first_name, e.last_name, e.company_name, e.company_number, e.company_vat].some((v) => v.trim());
}

/**
 * The checkout fields (spec 3 "Checkout form fields sent") one saved set fills. The delivery part
 * fills the delivery and company fields; the invoice part the invoice fields, its company name (or
 * the person's name) becoming invoiceName. A country the buyer may not choose is left out.
 */
export function checkoutValuesOf(saved: SavedAddresses, countries: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const d = saved.delivery;
  if (d) {
    Object.assign(out, {
      firstName: d.first_name,
      lastName: d.last_name,
      street: d.street,
      town: d.town,
      zip: d.zip,
      companyName: d.company_name,
      companyNumber: d.company_number,
      companyVat: d.company_vat,
    });
    if (countries.includes(d.country.code)) out.country = d.country.code;
  }
  const i = saved.invoice;
  if (i) {
    Object.assign(out, {
      invoiceName: i.company_name || [i.first_name, i.last_name].filter(Boolean).join(' '),
      invoiceNumber: i.company_number,
      invoiceVat: i.company_vat,
      invoiceStreet: i.street,
      invoiceTown: i.town,
      invoiceZip: i.zip,
      invoiceCountry: i.street || i.town || i.zip ? i.country.code : '',
    });
  }
  if (saved.phone?.raw) out.contact = saved.phone.raw;
  if (saved.email?.raw) out.email = saved.email.raw;
  for (const [key, value] of Object.entries(out)) if (!value) delete out[key];
  return out;
}

/** Favourite first, else recent, part by part (delivery, invoice, phone, e-mail). */
export function favouriteOrRecent(favourite: SavedAddresses, recent: SavedAddresses): SavedAddresses {
  return {
    delivery: favourite.delivery ?? recent.delivery,
    invoice: favourite.invoice ?? recent.invoice,
    phone: favourite.phone ?? recent.phone,
    email: favourite.email ?? recent.email,
  };
}

/** Saved values go only into fields the shopper left empty: what they typed always wins. */
export function fillEmpty(typed: Record<string, string>, saved: Record<string, string>): Record<string, string> {
  const out = { ...typed };
  for (const [key, value] of Object.entries(saved)) if (!(out[key] ?? '').trim()) out[key] = value;
  return out;
}

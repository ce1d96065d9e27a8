import type { OrderCustomer } from '../orders/order-view';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { EMPTY_SAVED, isBlankEntry, type SavedAddressEntry, type SavedAddresses } from './saved-address';

interface AddressRow {
  kind: 'delivery' | 'invoice';
  firstName: string;
  lastName: string;
  companyName: string;
  companyNumber: string;
  companyVat: string;
  street: string;
  town: string;
  zip: string;
  country: string;
}

type OrderRow = OrderCustomer;

const sql = perDatabase((db: Db) => {
  const s = db.$client;
  return {
    user: s.prepare<[number], { email: string; phone: string | null }>('SELECT email, phone FROM users WHERE id = ? AND deleted_at IS NULL'),
    favourites: s.prepare<[number], AddressRow>(
      `SELECT kind, first_name AS firstName, last_name AS lastName, company_name AS companyName, company_number AS companyNumber,
              company_vat AS companyVat, street, town, zip, country
         FROM addresses WHERE user_id = ? AND favourite = 1 ORDER BY updated_at DESC`,
    ),
    // orders_user_idx (user_id, created_at) answers this without a sort.
    recentOrder: s.prepare<[number], OrderRow>(
      `SELECT first_name AS firstName, last_name AS lastName, street, town, zip, country, contact, email,
              company_name AS companyName, company_number AS companyNumber, company_vat AS companyVat,
              invoice_name AS invoiceName, invoice_number AS invoiceNumber, invoice_vat AS invoiceVat,
              invoice_street AS invoiceStreet, invoice_town AS invoiceTown, invoice_zip AS invoiceZip, invoice_country AS invoiceCountry
         FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
    ),
  };
});

function entry(a: Omit<SavedAddressEntry, 'country'> & { country: string }): SavedAddressEntry | null {
  const e: SavedAddressEntry = {
    street: a.street,
    town: a.town,
    zip: a.zip,
    country: { code: a.country },
    first_name: a.first_name,
    last_name: a.last_name,
    company_name: a.company_name,
    company_number: a.company_number,
    company_vat: a.company_vat,
  };
  return isBlankEntry(e) ? null : e;
}

function fromRow(r: AddressRow): SavedAddressEntry | null {
  return entry({
    street: r.street,
    town: r.town,
    zip: r.zip,
    country: r.country,
    first_name: r.firstName,
    last_name: r.lastName,
    company_name: r.companyName,
    company_number: r.companyNumber,
    company_vat: r.companyVat,
  });
}

/** getFavoriteAddress: the favourite delivery and invoice address saved on /moje/udaje, the account's phone and e-mail. */
export function favouriteAddresses(db: Db, userId: number): SavedAddresses {
  const s = sql(db);
  const user = s.user.get(userId);
  if (!user) return EMPTY_SAVED;
  const rows = s.favourites.all(userId);
  const of = (kind: AddressRow['kind']) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? fromRow(row) : null;
  };
  return {
    delivery: of('delivery'),
    invoice: of('invoice'),
    phone: user.phone ? { raw: user.phone } : null,
    email: { raw: user.email },
  };
}

/**
 * getRecentAddress: what the user typed on their latest order. The order's invoice part has one
 * "name or company" field; it is returned as company_name (the form puts it back in the same field).
 */
export function recentAddresses(db: Db, userId: number): SavedAddresses {
  const o = sql(db).recentOrder.get(userId);
  if (!o) return EMPTY_SAVED;
  return {
    delivery: entry({
      street: o.street,
      town: o.town,
      zip: o.zip,
      country: o.country,
      first_name: o.firstName,
      last_name: o.lastName,
      company_name: o.companyName,
      company_number: o.companyNumber,
      company_vat: o.companyVat,
    }),
    invoice: entry({
      street: o.invoiceStreet,
      town: o.invoiceTown,
      zip: o.invoiceZip,
      country: o.invoiceCountry || o.country,
      first_name: '',
      last_name: '',
      company_name: o.invoiceName,
      company_number: o.invoiceNumber,
      company_vat: o.invoiceVat,
    }),
    phone: o.contact ? { raw: o.contact } : null,
    email: o.email ? { raw: o.email } : null,
  };
}

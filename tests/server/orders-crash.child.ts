// Submits orders in a loop against the given SQLite file until it is killed (orders-crash.test.ts).
import { randomBytes } from 'node:crypto';
import { openDb } from '../../server/db/client';
import { addItem, type CartContext } from '../../server/cart/cart.service';
import { saveDelivery } from '../../server/cart/cart-delivery.service';
import { submitOrder } from '../../server/orders/orders.service';

const db = openDb(process.argv[2]);
const productIds = process.argv[3].split(',').map(Number);
const shop = { id: 1, country: 'sk', currency: 'EUR', currencySymbol: '€', rounding: 5 };
const customer = {
  firstName: 'Ján', lastName: 'Novák', street: 'Hlavná 12', town: 'Bratislava', zip: '81101', country: 'sk', contact: '0900123456',
  email: 'jan@example.sk', companyName: '', companyNumber: '', companyVat: '', companyTax: '', invoiceNumber: '', invoiceVat: '', invoiceTax: '', invoiceName: '',
  invoiceStreet: '', invoiceTown: '', invoiceZip: '', invoiceCountry: '', userNote: '', voucher: '', condition: true, consentHeureka: false,
};
for (let i = 0; ; i += 1) {
  const now = new Date();
  const ctx: CartContext = { sessionHash: randomBytes(16).toString('hex'), shop, wholesale: false, userId: null, now };
  for (const [n, id] of productIds.entries()) addItem(db, ctx, id, 1 + ((i + n) % 3), now);
  saveDelivery(db, ctx, { companyId: 1, paymentId: 1 }, now);
  submitOrder(db, { ...ctx, userId: null, locale: 'sk', shopVatRate: 23 }, customer, `crash-${i}`, now);
  process.stdout.write('.');
}

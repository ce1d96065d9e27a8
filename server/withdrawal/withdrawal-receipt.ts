import type { OrderView } from '../orders/order-view';
import { formatDateTime, formatDateTimeSeconds } from '../orders/order-dates';
import type { Supplier } from '../shops/supplier.service';
import type { Withdrawal } from './withdrawal.service';

/**
 * The receipt of a withdrawal as the shopper reads it, on the confirmation page and in the mail
 * alike (one view, two templates): its content and the moment it was made, to the second
 * (Art. 11a(3) CRD), and where the goods go back to.
 */
export interface ReceiptView {
  publicId: string;
  /** DD.MM.YYYY HH:mm:ss, shop time. */
  when: string;
  whenIso: string;
  orderNumber: string;
  orderDate: string;
  name: string;
  email: string;
  reason: string;
  items: { name: string; quantity: number }[];
  /** The supplier's address, where the goods are returned. */
  returnAddress: string;
}

export function receiptView(withdrawal: Withdrawal, order: OrderView, supplier: Supplier): ReceiptView {
  const created = new Date(withdrawal.createdAt);
  return {
    publicId: withdrawal.publicId,
    when: formatDateTimeSeconds(created),
    whenIso: created.toISOString(),
    orderNumber: order.document_number,
    orderDate: formatDateTime(order.purchase_created_at, false),
    name: withdrawal.name,
    email: withdrawal.email,
    reason: withdrawal.reason,
    items: withdrawal.items.map((i) => ({ name: i.name, quantity: i.quantity })),
    returnAddress: [supplier.name, supplier.street, `${supplier.zip} ${supplier.town}`].filter(Boolean).join(', '),
  };
}

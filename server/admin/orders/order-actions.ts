import { z } from 'zod';
import type { Db } from '../../db/client';
import { msg } from '../../i18n/msg';
import { issueCreditNote } from '../../orders/credit-note.service';
import { bookPayment, cancelOrder, setOrderStatus } from '../../orders/order-lifecycle';
import { audited, type Actor } from '../audit';
import { orderState } from './order-detail.service';

/**
 * What staff do to an order, through the same lifecycle the shop and the command line use
 * (order-lifecycle.ts: the shopper's mails are queued in the same transaction): book the payment,
 * hand to the carrier with its tracking number, mark delivered, cancel (restock, points reversed),
 * issue a credit note for a cancelled paid order. Each runs in one immediate transaction with its
 * audit row (the order's lifecycle columns before and after); a step that changes nothing is
 * refused with the reason and writes nothing.
 */
export const ORDER_ACTIONS = {
  zaplatena: { audit: 'order.paid', done: msg('Platba je zaúčtovaná, faktúra vystavená a zákazníkovi odišiel e-mail.'), refused: msg('Objednávku nemožno označiť ako zaplatenú: je už zaplatená alebo zrušená.') },
  odoslana: { audit: 'order.sent', done: msg('Objednávka je odoslaná a zákazník dostal e-mail so sledovacím číslom.'), refused: msg('Objednávku nemožno odoslať: je už odoslaná alebo zrušená.') },
  dorucena: { audit: 'order.delivered', done: msg('Objednávka je doručená a zákazník dostal e-mail s faktúrou.'), refused: msg('Objednávku nemožno označiť ako doručenú: je už doručená alebo zrušená.') },
  zrusena: { audit: 'order.cancelled', done: msg('Objednávka je zrušená, tovar vrátený na sklad a zákazník dostal e-mail.'), refused: msg('Objednávku nemožno zrušiť: je už odoslaná alebo zrušená.') },
  dobropis: { audit: 'order.credit-note', done: msg('Dobropis je vystavený.'), refused: msg('Dobropis sa vystavuje len k zrušenej zaplatenej objednávke, a len raz.') },
} as const;
export type OrderActionKey = keyof typeof ORDER_ACTIONS;

export const isOrderAction = (key: string): key is OrderActionKey => Object.hasOwn(ORDER_ACTIONS, key);

/** The carrier's tracking number as typed; letters, digits, spaces and dashes (carriers' formats), may be empty. */
export const sentSchema = z.object({
  tracking: z
    .string()
    .trim()
    .max(40, { error: msg('Sledovacie číslo je príliš dlhé') })
    .regex(/^[A-Za-z0-9 -]*$/, { error: msg('Sledovacie číslo obsahuje len písmená, číslice, medzery a pomlčky') })
    .default(''),
});

export function runOrderAction(
  db: Db,
  actor: Actor,
  now: Date,
  order: { id: number; number: string },
  action: OrderActionKey,
  input: { tracking?: string } = {},
): boolean {
  return audited(db, actor, now, () => {
    const before = orderState(db, order.id);
    let changed: boolean;
    let extra: Record<string, unknown> = {};
    switch (action) {
      case 'zaplatena': {
        const result = bookPayment(db, { orderId: order.id, now });
        changed = result.paid;
        extra = { invoice: result.invoiceNumber };
        break;
      }
      case 'odoslana':
        changed = setOrderStatus(db, { orderId: order.id, status: 'sent', now, trackingNumber: input.tracking });
        break;
      case 'dorucena':
        changed = setOrderStatus(db, { orderId: order.id, status: 'delivered', now });
        break;
      case 'zrusena':
        changed = cancelOrder(db, { orderId: order.id, now });
        break;
      case 'dobropis': {
        const note = issueCreditNote(db, order.id, now);
        changed = typeof note !== 'string';
        if (typeof note !== 'string') extra = { creditNote: note.number, invoice: note.invoiceNumber };
        break;
      }
    }
    if (!changed) return { value: false, audit: null };
    return { value: true, audit: { section: 'orders', action: ORDER_ACTIONS[action].audit, subject: order.number, before, after: { ...orderState(db, order.id), ...extra } } };
  });
}

/**
 * The operator moves an order along until there is an admin:
 *   npm run order -- paid 2610000001        the bank transfer was booked (invoice, points)
 *   npm run order -- sent 2610000001 [--tracking Z123]  handed to the carrier (with its tracking number)
 *   npm run order -- delivered 2610000001   delivered (cash on delivery counts as paid then)
 *   npm run order -- cancel 2610000001      cancelled before sending (restock, points reversed)
 * Reads DB_FILE like the server does; the shopper's mail of each step is queued with it and sent
 * before the command ends (SMTP with MAIL_URL, else .eml files in MAIL_OUTBOX); one that cannot go
 * stays queued and the running shop retries it.
 */
import { runAsMain } from '../db/cli-main';
import type { Db } from '../db/client';
import { bookPayment, cancelOrder, setOrderStatus } from './order-lifecycle';
import { createLogger } from '../http/logger';
import { createMailer } from '../mail/mailer';
import { createShopOutbox } from '../outbox';

const USAGE = 'usage: order paid|sent|delivered|cancel <documentNumber> [--tracking <carrier number>]';

interface OrderRef {
  id: number;
  total: number;
  currency: string;
  status: number;
  paidAt: number | null;
  cancelledAt: number | null;
}

function findOrder(db: Db, documentNumber: string): OrderRef | undefined {
  return db.$client
    .prepare<[string], OrderRef>('SELECT id, total, currency, status, paid_at AS paidAt, cancelled_at AS cancelledAt FROM orders WHERE document_number = ?')
    .get(documentNumber);
}

export function runOrderCli(db: Db, argv: string[], out: (line: string) => void = console.log, now = new Date()): number {
  const tracking = argv.indexOf('--tracking');
  const trackingNumber = tracking >= 0 ? argv[tracking + 1] : undefined;
  const [command, documentNumber] = tracking >= 0 ? argv.filter((_, i) => i !== tracking && i !== tracking + 1) : argv;
  if (!command || !documentNumber || !['paid', 'sent', 'delivered', 'cancel'].includes(command)) {
    out(USAGE);
    return 2;
  }
  const order = findOrder(db, documentNumber);
  if (!order) {
    out(`No order ${documentNumber}.`);
    return 1;
  }
  if (command === 'paid') {
    const result = bookPayment(db, { orderId: order.id, now });
    if (!result.paid) {
      out(`${documentNumber}: not changed (${order.cancelledAt !== null ? 'cancelled' : 'already paid'}).`);
      return 1;
    }
    out(`${documentNumber}: paid, invoice ${result.invoiceNumber}.`);
    return 0;
  }
  if (command === 'cancel') {
    if (!cancelOrder(db, { orderId: order.id, now })) {
      out(`${documentNumber}: not changed (${order.cancelledAt !== null ? 'already cancelled' : 'already sent'}).`);
      return 1;
    }
    out(`${documentNumber}: cancelled, stock returned.`);
    return 0;
  }
  const status = command as 'sent' | 'delivered';
  if (!setOrderStatus(db, { orderId: order.id, status, now, trackingNumber })) {
    out(`${documentNumber}: not changed (cancelled, or already ${status} or further).`);
    return 1;
  }
  out(`${documentNumber}: ${status}.`);
  return 0;
}

void runAsMain(import.meta.url, async (db, config, argv) => {
  const code = runOrderCli(db, argv);
  const outbox = createShopOutbox({ db, config, mailer: createMailer(config.mail), clock: { now: () => new Date() }, logger: createLogger('error') });
  const sent = await outbox.deliverDue();
  if (sent) console.log(`${sent} mail(s) sent.`);
  return code;
});

import type Database from 'better-sqlite3';

/**
 * Many orders at once, written straight into the orders table (no cart, no checkout): the order
 * list's tests and its benchmark need thousands of rows in a second. Deterministic: order i has a
 * fixed shop, stage, payment, customer and date spread over the `days` before `until`. Numbers follow
 * the shop's series (YY S NNNNNNN) after `start`.
 */
export interface BulkOptions {
  count: number;
  until: number;
  days?: number;
  start?: number;
}

const FIRST = ['Ján', 'Mária', 'Peter', 'Eva', 'Tomáš', 'Zuzana', 'Martin', 'Jana'];
const LAST = ['Novák', 'Kováčová', 'Horváth', 'Varga', 'Tóth', 'Nagyová', 'Baláž', 'Molnár'];

export function insertOrders(sqlite: Database.Database, options: BulkOptions): void {
  const days = options.days ?? 365;
  const span = days * 86_400_000;
  const insert = sqlite.prepare(
    `INSERT INTO orders (hash, document_number, shop_id, session_hash, idempotency_key, created_at, promise_send_date, promise_delivery_date,
       status, shipping_company_id, shipping_name, payment_id, payment_name, first_name, last_name, street, town, zip, country, contact, email,
       locale, currency, subtotal, shipping_price, payment_fee, alignment, total, total_without_vat, vat, price_paid, vat_rows, paid_at, sent_at,
       delivered_at, cancelled_at)
     VALUES (@hash, @number, @shop, 'bulk', @hash, @created, '2026-01-01', '2026-01-03', @status, 1, 'Kuriér', @payment, @paymentName, @first, @last,
       'Hlavná 1', 'Bratislava', '811 01', @country, @contact, @email, @locale, @currency, @total, 0, 0, 0, @total, @base, @vat, @paid, @vatRows,
       @paidAt, @sentAt, @deliveredAt, @cancelledAt)`,
  );
  const start = options.start ?? 0;
  sqlite.transaction(() => {
    for (let n = start; n < start + options.count; n++) {
      const shop = n % 3 === 2 ? 2 : 1;
      const created = options.until - Math.floor(((n * 7919) % 1_000_003) / 1_000_003 * span);
      const stage = n % 10 < 3 ? 0 : n % 10 < 5 ? 1 : n % 10 < 7 ? 2 : n % 10 < 9 ? 3 : 9;
      const total = 1000 + ((n * 37) % 20_000);
      const base = Math.round(total / 1.23);
      const paid = stage === 1 || stage === 2 || stage === 3;
      insert.run({
        hash: `bulk${String(n).padStart(18, '0')}`,
        number: `26${shop}${String(n + 1).padStart(7, '0')}`,
        shop,
        created,
        status: stage === 2 ? 2 : stage === 3 ? 3 : 1,
        payment: n % 2 ? 2 : 1,
        paymentName: n % 2 ? 'Bankový prevod' : 'Dobierka',
        first: FIRST[n % FIRST.length],
        last: LAST[(n >> 3) % LAST.length],
        country: shop === 1 ? 'sk' : 'cz',
        contact: `+421 9${String(n).padStart(8, '0').slice(-8)}`,
        email: `zakaznik${n}@example.sk`,
        locale: shop === 1 ? 'sk' : 'cs',
        currency: shop === 1 ? 'EUR' : 'CZK',
        total,
        base,
        vat: total - base,
        paid: paid ? total : 0,
        vatRows: JSON.stringify([{ rate: 23, base, vat: total - base }]),
        paidAt: paid ? created + 3_600_000 : null,
        sentAt: stage >= 2 && stage !== 9 ? created + 86_400_000 : null,
        deliveredAt: stage === 3 ? created + 2 * 86_400_000 : null,
        cancelledAt: stage === 9 ? created + 7_200_000 : null,
      });
    }
  })();
}

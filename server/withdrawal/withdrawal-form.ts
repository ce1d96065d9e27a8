import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { msg } from '../i18n/msg';
import type { OrderView } from '../orders/order-view';
import { formatDateTime, formatDateTimeSeconds } from '../orders/order-dates';
import { ROUTES } from '../render/routes';
import { withdrawalFormPath, withdrawalReceiptPath } from './paths';
import { newWithdrawalToken } from './withdrawal-token';
import type { WithdrawalLine, WithdrawalOptions } from './withdrawal.service';
import { LIMITS } from './withdrawal.schemas';

/** Step 2's form: the pieces per line (`qty_{index}`), the name and the reason; the view it renders from. */

export const NO_ITEMS = msg('Vyberte aspoň jeden tovar');
const QUANTITY = msg('Zadajte počet od 0 do {max}');

export const fieldOf = (line: Pick<WithdrawalLine, 'index'>) => `qty_${line.index}`;

/** What the shopper typed, kept for the form sent back with errors (never longer than a field allows). */
export function keptValues(body: Record<string, unknown>, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) if (typeof body[field] === 'string') values[field] = (body[field] as string).slice(0, 2 * (LIMITS[field as keyof typeof LIMITS] ?? 10));
  return values;
}

/**
 * The pieces chosen per line. A line's field is a checkbox (one piece left) or a number (several):
 * absent or empty is none; anything but a whole number from 0 to what is left is that line's error.
 */
export function chosenQuantities(body: Record<string, unknown>, lines: WithdrawalLine[], t: (id: string, values?: Record<string, unknown>) => string) {
  const quantities = new Map<number, number>();
  const errors: Record<string, string> = {};
  for (const line of lines.filter((l) => l.remaining > 0)) {
    const raw = body[fieldOf(line)];
    const text = typeof raw === 'string' ? raw.trim() : raw === undefined ? '' : null;
    const n = text === '' ? 0 : text !== null && /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (!(n >= 0 && n <= line.remaining)) errors[fieldOf(line)] = t(QUANTITY, { max: line.remaining });
    else if (n > 0) quantities.set(line.index, n);
  }
  if (quantities.size === 0 && Object.keys(errors).length === 0) errors.items = t(NO_ITEMS);
  return { quantities, errors };
}

export interface ConfirmState {
  status?: 200 | 400 | 409;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string | null;
}

/** Why the form is not offered, or until when it is, in the shopper's words. */
function notice(c: Context<AppEnv>, options: WithdrawalOptions): { kind: 'info' | 'error'; text: string } {
  const i18n = c.get('i18n');
  const day = (d: Date) => formatDateTime(d.toISOString(), false);
  switch (options.state) {
    case 'cancelled':
      return { kind: 'error', text: i18n._('Objednávka bola zrušená, od zmluvy preto nie je potrebné odstúpiť. Ak ste ju už zaplatili, peniaze vám vrátime.') };
    case 'expired':
      return {
        kind: 'error',
        text: i18n._('Lehota na odstúpenie od zmluvy uplynula. Od tejto objednávky bolo možné odstúpiť do {deadline} (14 dní od doručenia {delivered}).', {
          deadline: day(options.deadline!),
          delivered: day(options.deliveredAt!),
        }),
      };
    case 'withdrawn':
      return { kind: 'info', text: i18n._('Od kúpy všetkého tovaru z tejto objednávky ste už odstúpili.') };
    case 'open':
      return options.deadline
        ? { kind: 'info', text: i18n._('Od zmluvy môžete odstúpiť do {deadline}.', { deadline: day(options.deadline) }) }
        : { kind: 'info', text: i18n._('Objednávka ešte nebola doručená. Od zmluvy môžete odstúpiť už teraz, aj do 14 dní od prevzatia tovaru.') };
  }
}

/** Step 2's view: the order's lines still open, the state, earlier withdrawals and a fresh confirmation token. */
export function confirmView(c: Context<AppEnv>, order: OrderView, options: WithdrawalOptions, state: ConfirmState, name: string) {
  const shop = c.get('shop');
  const values = state.values ?? {};
  return {
    order: { number: order.document_number, date: formatDateTime(order.purchase_created_at, false), email: order.email, trackingUrl: `${ROUTES.tracking}/${order.hash}` },
    open: options.state === 'open',
    notice: notice(c, options),
    lines: options.lines
      .filter((l) => l.remaining > 0)
      // All pieces by default; a form sent back keeps what was chosen (an unticked checkbox sends nothing).
      .map((l) => ({ field: fieldOf(l), name: l.name, ordered: l.ordered, remaining: l.remaining, value: state.values ? (values[fieldOf(l)] ?? '') : String(l.remaining) })),
    values: { name: values.name ?? name, reason: values.reason ?? '' },
    errors: state.errors ?? {},
    formError: state.formError ?? null,
    token: newWithdrawalToken(c.get('deps').config.secret, order.hash),
    action: withdrawalFormPath(shop.code, order.hash),
    earlier: options.withdrawals.map((w) => ({ when: formatDateTimeSeconds(new Date(w.createdAt)), url: withdrawalReceiptPath(shop.code, w.publicId) })),
    limits: LIMITS,
  };
}

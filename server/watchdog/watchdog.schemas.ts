import * as z from 'zod/mini';
import { msg } from '../i18n/msg';

/**
 * The watch dialog's form (spec 3, 5). Pure: the widget imports it for instant feedback, the server
 * is the authority. zod/mini keeps the widget chunk small. Messages are Slovak source ids,
 * translated at the edge (server: problem+json; widget: i18n._).
 */

export interface WatchdogInput {
  email: string;
  available: boolean;
  /** Fires when stock is more than this many pieces. */
  availableValue: number | null;
  price: boolean;
  /** Minor units; fires when the price is less than this. */
  priceValue: number | null;
}

export type WatchdogErrors = Partial<Record<'available' | 'available_value' | 'price_value' | 'email', string>>;

export const MAX_EMAIL_LENGTH = 254;
const MAX_PRICE_MINOR = 100_000_000_00;

/**
 * Exact decimal to minor units, without going through a float: "9,90" → 990, "9.9" → 990,
 * "1 299" → 129900. Spec 5: a decimal comma is converted to a point. Null when it is not a price.
 */
export function parsePriceMinor(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else if (typeof value === 'string') text = value;
  else return null;
  text = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const match = /^(\d{1,10})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor <= MAX_PRICE_MINOR ? minor : null;
}

/** A whole number of pieces, 0 or more; null when it is not one. */
export function parseCount(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

const flag = z.pipe(
  z.optional(z.unknown()),
  z.transform((v) => v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'on', 'yes'].includes(v.trim().toLowerCase()))),
);
const text = z.pipe(
  z.optional(z.unknown()),
  z.transform((v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '')),
);
const emailFormat = z.email();

const raw = z.object({
  email: text,
  available: flag,
  available_value: text,
  price: flag,
  price_value: text,
});

/**
 * The form's rules given the product's current price (minor units, B2C of the shop). The product
 * id itself is checked by the route (unknown product → 404), not here.
 */
export function watchdogSchema(currentPrice: number | null, currentQuantity = 0) {
  return z.pipe(
    raw.check(
      z.superRefine((v, ctx) => {
        const issue = (path: keyof WatchdogErrors, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: v });
        if (!v.available && !v.price) issue('available', msg('Vyberte o čom chcete byt informovaný'));
        if (v.available && v.available_value !== '' && parseCount(v.available_value) === null) {
          issue('available_value', msg('Zadajte počet kusov ako celé číslo'));
        }
        if (v.price) {
          const limit = parsePriceMinor(v.price_value);
          if (v.price_value === '') issue('price_value', msg('Zadajte cenu'));
          else if (limit === null || limit === 0) issue('price_value', msg('Zadajte cenu, napríklad 9,90'));
          // Spec 5: the limit must not exceed the current price (equal is allowed: "any drop").
          else if (currentPrice !== null && limit > currentPrice) issue('price_value', msg('Cena je nižšia ako vyžadujete'));
        }
        if (v.email === '') issue('email', msg('Nezadali ste email'));
        else if (v.email.length > MAX_EMAIL_LENGTH || !z.safeParse(emailFormat, v.email).success) issue('email', msg('Nesprávny formát'));
      }),
    ),
    z.transform(
      (v): WatchdogInput => ({
        email: v.email.toLowerCase(),
        available: v.available,
        // Left empty (its placeholder shows the stock): "more than what is in stock now", so only a real
        // restock fires it. The box is never pre-filled: typing into "57" made "57104" (issue 23).
        availableValue: v.available ? (parseCount(v.available_value) ?? Math.max(0, currentQuantity)) : null,
        price: v.price,
        priceValue: v.price ? parsePriceMinor(v.price_value) : null,
      }),
    ),
  );
}

export type WatchdogResult = { ok: true; value: WatchdogInput } | { ok: false; errors: WatchdogErrors };

/** Validates raw form values (strings from a form, or JSON); the first message per field wins. */
export function validateWatchdog(input: unknown, currentPrice: number | null, currentQuantity = 0): WatchdogResult {
  const result = z.safeParse(watchdogSchema(currentPrice, currentQuantity), input ?? {});
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'available');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors: errors as WatchdogErrors };
}

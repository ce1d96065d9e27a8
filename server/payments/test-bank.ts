import type { PaymentProvider, PaymentRequest, PaymentResult } from './provider';
import { sign, verify } from './signature';

/**
 * The built-in test bank: a provider whose "bank" is a page of this same process under
 * /test-bank/ (test-bank.pages.ts). It signs what it sends with HMAC-SHA256 and PAYMENT_SECRET,
 * exactly as a real gateway signs with its merchant key, so the whole flow — redirect, signed
 * return, signed notification, amount and currency checks — runs locally and in tests.
 */

export const TEST_BANK_PATH = '/test-bank/pay';

/** The shop's request to the bank, as the bank page receives it (all strings, signed). */
export interface TestBankRequest {
  ref: string;
  amount: string;
  currency: string;
  bank: string;
  merchant: string;
  return: string;
  notify: string;
}

const REQUEST_FIELDS = ['ref', 'amount', 'currency', 'bank', 'merchant', 'return', 'notify'] as const;

/** Only paths on this host (not `//host`): the test bank never sends a browser or a notification elsewhere. */
const LOCAL_PATH = /^\/(?!\/)[A-Za-z0-9/_-]{0,200}$/;

function parseResult(fields: Record<string, string>): PaymentResult | null {
  const { ref, status, amount, currency } = fields;
  if (!ref || !/^[A-Za-z0-9_-]{22,64}$/.test(ref)) return null;
  if (status !== 'paid' && status !== 'failed') return null;
  if (!amount || !/^\d{1,12}$/.test(amount)) return null;
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return null;
  return { reference: ref, status, amount: Number(amount), currency };
}

export function resultFields(result: PaymentResult): Record<string, string> {
  return { ref: result.reference, status: result.status, amount: String(result.amount), currency: result.currency };
}

export class TestBank implements PaymentProvider {
  readonly name = 'test-bank';
  constructor(private readonly secret: string) {}

  start(request: PaymentRequest): { redirectUrl: string } {
    // Paths, not absolute URLs: the bank is this process, on whatever host and port the shopper used.
    const fields: TestBankRequest = {
      ref: request.reference,
      amount: String(request.amount),
      currency: request.currency,
      bank: request.bankKey,
      merchant: request.merchant,
      return: request.returnPath,
      notify: request.notifyPath,
    };
    const query = new URLSearchParams({ ...fields, sig: sign(this.secret, { ...fields }) });
    return { redirectUrl: `${TEST_BANK_PATH}?${query}` };
  }

  /** The bank's side: the shop's request as it arrived at the bank page, if its signature holds. */
  readRequest(params: Record<string, string>): TestBankRequest | null {
    const fields = {} as TestBankRequest;
    for (const key of REQUEST_FIELDS) {
      const value = params[key];
      if (typeof value !== 'string' || value.length > 200) return null;
      fields[key] = value;
    }
    if (!verify(this.secret, { ...fields }, params.sig)) return null;
    if (!/^\d{1,12}$/.test(fields.amount) || !LOCAL_PATH.test(fields.return) || !LOCAL_PATH.test(fields.notify)) return null;
    return fields;
  }

  /** The bank's answer (return query or notification body), signed. */
  signResult(result: PaymentResult): Record<string, string> {
    const fields = resultFields(result);
    return { ...fields, sig: sign(this.secret, fields) };
  }

  verifyReturn(params: Record<string, string>): PaymentResult | null {
    return this.verifyResult(params);
  }

  verifyNotification(fields: Record<string, string>): PaymentResult | null {
    return this.verifyResult(fields);
  }

  private verifyResult(params: Record<string, string>): PaymentResult | null {
    const result = parseResult(params);
    if (!result || !verify(this.secret, resultFields(result), params.sig)) return null;
    return result;
  }
}

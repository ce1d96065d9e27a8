/**
 * What the shop needs from a bank gateway, whichever bank it is (docs/decisions/100). Every message
 * carries our transaction reference, the status, the amount in minor units and the currency, and is
 * signed by the bank; the shop trusts nothing that does not verify.
 */

/** One attempt to pay, as the shop asks the bank for it. */
export interface PaymentRequest {
  /** Our random transaction reference (payment_transactions.reference). */
  reference: string;
  /** Minor units (cents, haléře). */
  amount: number;
  currency: string;
  /** Which of the offered banks or the card the shopper picked (banks.ts). */
  bankKey: string;
  /** The shop's name as the bank shows it. */
  merchant: string;
  /** The shopper's locale, for banks that translate their pages. */
  locale: string;
  /** The shop's public origin (config); a remote bank needs absolute return and notify URLs. */
  origin: string;
  returnPath: string;
  notifyPath: string;
}

/** What the bank says happened, after its signature was verified. */
export interface PaymentResult {
  reference: string;
  status: 'paid' | 'failed';
  amount: number;
  currency: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** The address the shopper's browser is sent to (303) to pay. */
  start(request: PaymentRequest): { redirectUrl: string };
  /** The browser coming back: its query parameters. Null when the signature does not verify. */
  verifyReturn(params: Record<string, string>): PaymentResult | null;
  /** The bank's server-to-server notification: its form fields. Null when the signature does not verify. */
  verifyNotification(fields: Record<string, string>): PaymentResult | null;
}

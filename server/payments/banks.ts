import { msg } from '../i18n/msg';
import { PAYMENT } from '../cart/pricing';

/**
 * The banks each online payment option offers (spec 9): payment 30, for Slovak buyers, is the card,
 * Tatra banka, Slovenská sporiteľňa or another bank; payment 10, for non-Slovak buyers, is the card.
 * Names are Slovak source texts translated where shown.
 */
export interface Bank {
  key: string;
  name: string;
}

const CARD: Bank = { key: 'card', name: msg('Platobná karta') };

const BANKS: Record<number, Bank[]> = {
  [PAYMENT.bank]: [CARD, { key: 'tatrabanka', name: msg('Tatra banka') }, { key: 'slsp', name: msg('Slovenská sporiteľňa') }, { key: 'other', name: msg('Iná banka') }],
  [PAYMENT.card]: [CARD],
};

/** The banks offered for a payment option; empty for offline payments (COD, transfer, instalments). */
export function banksFor(paymentId: number): Bank[] {
  return BANKS[paymentId] ?? [];
}

export function bankOffered(paymentId: number, key: string): Bank | undefined {
  return banksFor(paymentId).find((b) => b.key === key);
}

/** A bank by key among all offered ones (the test bank page names the one chosen). */
export function findBank(key: string): Bank | undefined {
  return Object.values(BANKS).flat().find((b) => b.key === key);
}

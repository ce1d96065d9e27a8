import { encode, PaymentOptions, CurrencyCode } from 'bysquare/pay';
import spayd from 'spayd';
// Loaded by the first QR (as pdfkit in order-pdf.ts): most processes draw none.
const qrcode = () => import('qrcode').then((m) => m.default);
import type { Supplier } from '../shops/supplier.service';

/** What a QR payment needs of the account that takes it. */
export type BankAccount = Pick<Supplier, 'bankName' | 'beneficiary' | 'iban' | 'swift' | 'account'>;

export interface QrPayment {
  /** Minor units. */
  amount: number;
  currency: string;
  variableSymbol: string;
  note: string;
}

function major(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** PAY by square for EUR (Slovak banks), SPAYD / QR Platba for CZK (Czech banks). */
export function paymentQrText(bank: BankAccount, p: QrPayment): string {
  if (p.currency === 'CZK') {
    return spayd({ acc: `${bank.iban}+${bank.swift}`, am: major(p.amount), cc: 'CZK', xvs: p.variableSymbol, msg: p.note.slice(0, 60), rn: bank.beneficiary });
  }
  return encode({
    payments: [
      {
        type: PaymentOptions.PaymentOrder,
        amount: Number(major(p.amount)),
        currencyCode: CurrencyCode.EUR,
        variableSymbol: p.variableSymbol,
        paymentNote: p.note.slice(0, 140),
        bankAccounts: [{ iban: bank.iban, bic: bank.swift }],
        beneficiary: { name: bank.beneficiary },
      },
    ],
  });
}

/** The QR as a PNG data URL (e-mail, tracking page) and as a buffer (PDF). */
export async function paymentQrPng(text: string): Promise<Buffer> {
  return (await qrcode()).toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

export async function paymentQrDataUrl(text: string): Promise<string> {
  return (await qrcode()).toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

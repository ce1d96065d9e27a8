import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { decode as decodePayBySquare } from 'bysquare/pay';

/** What a banking app reads from a payment QR: the account, the amount in minor units, the currency and the variable symbol. */
export interface DecodedPayment {
  iban: string;
  amount: number;
  currency: string;
  variableSymbol: string;
}

/** The text of a QR code in a PNG, read back from its pixels as a phone camera does. */
export function readQrPng(png: Buffer): string {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) throw new Error('the QR image could not be read');
  return code.data;
}

export function dataUrlPng(src: string): Buffer {
  if (!src.startsWith('data:image/png;base64,')) throw new Error(`not a PNG data URL: ${src.slice(0, 40)}`);
  return Buffer.from(src.slice('data:image/png;base64,'.length), 'base64');
}

/**
 * SPAYD / QR Platba (Czech Banking Association's "Short Payment Descriptor" 1.0): `SPD*1.0*KEY:VALUE*…`,
 * with `*` written as `%2A` inside values. The spayd package only encodes; this is its reading.
 */
export function parseSpayd(text: string): Record<string, string> {
  const [head, version, ...pairs] = text.split('*');
  if (head !== 'SPD' || version !== '1.0') throw new Error(`not SPAYD 1.0: ${text.slice(0, 20)}`);
  const out: Record<string, string> = {};
  for (const pair of pairs.filter(Boolean)) {
    const at = pair.indexOf(':');
    out[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
  }
  return out;
}

/** A payment QR's text as either format: PAY by square (Slovak banks, EUR) or SPAYD (Czech banks, CZK). */
export function decodePaymentQr(text: string): DecodedPayment {
  if (text.startsWith('SPD*')) {
    const fields = parseSpayd(text);
    return { iban: fields.ACC.split('+')[0], amount: Math.round(Number(fields.AM) * 100), currency: fields.CC, variableSymbol: fields['X-VS'] ?? '' };
  }
  const payment = decodePayBySquare(text).payments[0];
  return {
    iban: payment.bankAccounts[0].iban,
    amount: Math.round((payment.amount ?? 0) * 100),
    currency: String(payment.currencyCode),
    variableSymbol: payment.variableSymbol ?? '',
  };
}

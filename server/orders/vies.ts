import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// jsvat-next is CommonJS at runtime: its named ESM exports do not resolve under Node, the default does.
import jsvat from 'jsvat-next';
import { msg } from '../i18n/msg';

/** The EU VIES check behind an interface: SOAP in production, a local fake server in tests. */
export interface ViesClient {
  /** true = registered, false = not registered; throws on a timeout or a service error. */
  check(countryCode: string, vatNumber: string): Promise<boolean>;
}

export const VIES_TIMEOUT_MS = 3000;

const NS = 'urn:ec.europa.eu:taxud:vies:services:checkVat:types';

export function checkVatEnvelope(countryCode: string, vatNumber: string): string {
  const esc = (s: string) => s.replace(/[^A-Za-z0-9+*]/g, '');
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:urn="${NS}"><soapenv:Header/><soapenv:Body><urn:checkVat><urn:countryCode>${esc(countryCode)}</urn:countryCode><urn:vatNumber>${esc(vatNumber)}</urn:vatNumber></urn:checkVat></soapenv:Body></soapenv:Envelope>`;
}

/** POSTs the checkVat envelope to the EC checkVatService endpoint (VIES_URL). */
export function soapViesClient(url: string, timeoutMs = VIES_TIMEOUT_MS): ViesClient {
  return {
    async check(countryCode, vatNumber) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '' },
        body: checkVatEnvelope(countryCode, vatNumber),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      if (!response.ok || /<(\w+:)?Fault>/.test(text)) throw new Error(`VIES answered ${response.status}`);
      const valid = /<(?:\w+:)?valid>\s*(true|false)\s*</.exec(text);
      if (!valid) throw new Error('VIES answer without <valid>');
      return valid[1] === 'true';
    },
  };
}

export type VatStatus = 'verified' | 'invalid' | 'format' | 'unverified';

export const VAT_MESSAGES = {
  checking: msg('Overujem'),
  verified: msg('Vaše DIČ bolo úspešne overené'),
  invalid: msg('Zrejme nieste platcom DPH!'),
  format: msg('DIČ nemá správny formát. Môžete ho skontrolovať?'),
  unverified: msg('Formát DIČ je správny, overenie teraz nie je možné'),
} as const;

/**
 * Format first (jsvat-next), then VIES. VIES being slow or down never blocks an order: the answer
 * is "format OK, not verified".
 */
export async function checkVat(client: ViesClient, input: string): Promise<{ status: VatStatus; message: string }> {
  const value = input.replace(/[\s.-]/g, '').toUpperCase();
  const format = value ? jsvat.checkVAT(value, jsvat.countries) : undefined;
  if (!format || !format.isValid || !format.country) return { status: 'format', message: VAT_MESSAGES.format };
  const iso = format.country.isoCode.short.toUpperCase();
  const code = iso === 'GR' ? 'EL' : iso;
  const number = value.replace(/^[A-Z]{2}/, '');
  try {
    return (await client.check(code, number))
      ? { status: 'verified', message: VAT_MESSAGES.verified }
      : { status: 'invalid', message: VAT_MESSAGES.invalid };
  } catch {
    return { status: 'unverified', message: VAT_MESSAGES.unverified };
  }
}

/**
 * A local VIES speaking the same SOAP envelope, for tests and offline development: numbers in
 * `valid` are registered, `slow` ones never answer (a timeout), everything else is not registered.
 */
export async function startFakeVies(options: { valid: string[]; slow?: string[] }): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push(body);
      const country = /<(?:\w+:)?countryCode>([^<]*)</.exec(body)?.[1] ?? '';
      const number = /<(?:\w+:)?vatNumber>([^<]*)</.exec(body)?.[1] ?? '';
      const key = `${country}${number}`;
      if (options.slow?.includes(key)) return; // never answers
      const valid = options.valid.includes(key);
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
      res.end(
        `<?xml version="1.0"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><ns2:checkVatResponse xmlns:ns2="${NS}"><ns2:countryCode>${country}</ns2:countryCode><ns2:vatNumber>${number}</ns2:vatNumber><ns2:requestDate>2026-11-22+01:00</ns2:requestDate><ns2:valid>${valid}</ns2:valid><ns2:name>---</ns2:name><ns2:address>---</ns2:address></ns2:checkVatResponse></env:Body></env:Envelope>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/taxation_customs/vies/services/checkVatService`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

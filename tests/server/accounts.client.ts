import type { TestShop } from '../setup/test-app';
import { cookieValue, defaultsOf, parseHtml } from '../setup/html';
import { TOKEN_PAGE } from '../setup/visitor';

let addressCounter = 0;

/**
 * A browser against the test shop: keeps the session cookie, reads the CSRF token from each page,
 * and comes from its own client address (rate limits count per address).
 */
export class Browser {
  sid: string | undefined;
  csrf = '';
  readonly address: string;
  /** The shop it browses (the Czech shop: CZ_HOST of payments-helpers.ts). */
  host = '127.0.0.1:3000';

  constructor(
    readonly shop: TestShop,
    address?: string,
  ) {
    addressCounter += 1;
    this.address = address ?? `10.0.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
  }

  private env() {
    return { incoming: { socket: { remoteAddress: this.address } } };
  }

  private take(response: Response) {
    const sid = cookieValue(response, 'sid');
    if (sid !== undefined) this.sid = sid === '' ? undefined : sid;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { host: this.host, ...(this.sid ? { cookie: `sid=${this.sid}` } : {}), ...extra };
  }

  async get(path: string, headers: Record<string, string> = {}) {
    const response = await this.shop.app.request(path, { headers: this.headers(headers), redirect: 'manual' }, this.env());
    this.take(response);
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    const doc = type.includes('text/html') ? parseHtml(text) : null;
    if (doc?.getElementById('shop-defaults')) this.csrf = defaultsOf(doc).csrf;
    return { response, status: response.status, text, doc, location: response.headers.get('location') };
  }

  /**
   * A session and its CSRF token. Pages shared by anonymous visitors carry no token (a browser's
   * Sec-Fetch-Site proves its requests, decision 181), and this client sends no Fetch Metadata: so
   * it opens a page rendered for it, as a shopper's cart is.
   */
  async holdToken(headers: Record<string, string> = {}) {
    if (!this.sid || !this.csrf) await this.get(TOKEN_PAGE, headers);
  }

  /** A plain form post (urlencoded), the token in `_csrf` as the page's forms send it. */
  async form(path: string, fields: Record<string, string>) {
    await this.holdToken();
    const body = new URLSearchParams({ _csrf: this.csrf, ...fields });
    const response = await this.shop.app.request(
      path,
      { method: 'POST', body, headers: this.headers({ 'content-type': 'application/x-www-form-urlencoded' }), redirect: 'manual' },
      this.env(),
    );
    this.take(response);
    const text = await response.text();
    const doc = (response.headers.get('content-type') ?? '').includes('text/html') ? parseHtml(text) : null;
    return { response, status: response.status, text, doc, location: response.headers.get('location') };
  }

  /** The API client's way: multipart (or JSON) with the x-csrf-token header. */
  async api(method: string, path: string, body?: Record<string, string> | unknown[] | object, options: { json?: boolean; csrf?: boolean } = {}) {
    await this.holdToken();
    const headers = this.headers(options.csrf === false ? {} : { 'x-csrf-token': this.csrf });
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (options.json) {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      } else {
        const form = new FormData();
        for (const [k, v] of Object.entries(body as Record<string, string>)) form.append(k, v);
        payload = form;
      }
    } else if (method !== 'GET' && method !== 'DELETE') {
      payload = JSON.stringify({});
      headers['content-type'] = 'application/json';
    }
    const response = await this.shop.app.request(path, { method, body: payload, headers, redirect: 'manual' }, this.env());
    this.take(response);
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { response, status: response.status, json, text, location: response.headers.get('location') };
  }

  /** Signs up through the API and in through the page; leaves the browser signed in. */
  async signUpAndIn(email: string, password = STRONG, extra: Record<string, string> = {}) {
    const up = await this.api('POST', '/api/security/signup', { username: email, password, phone: '0905123456', ...extra });
    if (up.status !== 201) throw new Error(`sign-up failed: ${up.text}`);
    const inn = await this.form('/moje/prihlasenie', { username: email, password });
    if (inn.status !== 303) throw new Error(`sign-in failed: ${inn.status} ${inn.text.slice(0, 200)}`);
    await this.get('/moje/konto');
    return up.json;
  }
}

export const STRONG = 'Modrý kvetináč na balkóne 42';

export function sessionRow(shop: TestShop, hash: string) {
  return shop.db.$client.prepare('SELECT id_hash, user_id FROM sessions WHERE id_hash = ?').get(hash) as { id_hash: string; user_id: number | null } | undefined;
}

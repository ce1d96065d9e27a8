import type { App } from '../../server/app';

/**
 * What tests/server/bad-bodies.test.ts sends: every state-changing route of the real app (taken from
 * Hono's own route table, so a route added later is walked without touching the test) and the
 * request bodies a broken client, a proxy that cut the upload, or someone probing the shop sends.
 */

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Route {
  method: string;
  path: string;
}

/** POST/PUT/PATCH/DELETE routes; middleware appears in `app.routes` as method ALL and is left out. */
export function stateChangingRoutes(app: App): Route[] {
  const seen = new Map<string, Route>();
  for (const { method, path } of app.routes) {
    if (BODY_METHODS.has(method)) seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/**
 * The route's path with plausible values for its parameters. A parameter with a pattern must be
 * matched by the value given for it, so a new constrained route fails here loudly instead of
 * being walked as a 404.
 */
export function concretePath(path: string, values: Record<string, string>, fallback = '1'): string {
  let out = '';
  for (let i = 0; i < path.length; ) {
    if (path[i] === '*') {
      out += 'x';
      i += 1;
    } else if (path[i] === ':') {
      const name = /^:(\w+)/.exec(path.slice(i))![1];
      i += name.length + 1;
      let pattern: string | null = null;
      if (path[i] === '{') {
        // The pattern may hold braces of its own ({[0-9]{1,12}}): take the balanced group.
        let depth = 0;
        const start = i;
        do {
          if (path[i] === '{') depth += 1;
          if (path[i] === '}') depth -= 1;
          i += 1;
        } while (depth > 0 && i < path.length);
        pattern = path.slice(start + 1, i - 1);
      }
      const value = values[name] ?? fallback;
      if (pattern !== null && !new RegExp(`^(?:${pattern})$`).test(value)) throw new Error(`no plausible value for :${name}{${pattern}} in ${path}`);
      out += encodeURIComponent(value);
    } else {
      out += path[i];
      i += 1;
    }
  }
  return out;
}

export interface BadBody {
  name: string;
  type: string;
  /** `token` is put where a form would carry `_csrf`, for the case that sends it only there. */
  body(token?: string): string | Uint8Array<ArrayBuffer>;
}

const B = 'obchod-b0undary';
const part = (name: string, value: string, boundary = B) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const tokenPart = (token?: string, boundary = B) => (token ? part('_csrf', token, boundary) : '');
const field = (token?: string) => (token ? `_csrf=${encodeURIComponent(token)}&` : '');

/** Bodies that do not parse as the type they declare; each must answer 400 (or 403 without a proof). */
export const BAD_BODIES: BadBody[] = [
  { name: 'multipart without a boundary', type: 'multipart/form-data', body: (t) => `${tokenPart(t)}${part('q', 'hrniec')}--${B}--\r\n` },
  { name: 'multipart with an empty boundary', type: 'multipart/form-data; boundary=', body: (t) => `${tokenPart(t, '')}${part('q', 'hrniec', '')}----\r\n` },
  { name: 'multipart with an empty quoted boundary', type: 'multipart/form-data; boundary=""', body: (t) => `${tokenPart(t, '')}${part('q', 'hrniec', '')}----\r\n` },
  {
    name: 'truncated multipart',
    type: `multipart/form-data; boundary=${B}`,
    body: (t) => `${tokenPart(t)}--${B}\r\nContent-Disposition: form-data; name="q"\r\n\r\nhrni`,
  },
  {
    name: 'multipart cut inside a part header',
    type: `multipart/form-data; boundary=${B}`,
    body: (t) => `${tokenPart(t)}--${B}\r\nContent-Disposition: form-da`,
  },
  {
    name: 'garbled multipart',
    type: `multipart/form-data; boundary=${B}`,
    body: (t) => `\u0000\u00ff not multipart ${t ?? ''} at all\r\n--something-else\r\n`,
  },
  {
    name: 'multipart under another boundary',
    type: 'multipart/form-data; boundary=x',
    body: (t) => `${tokenPart(t)}${part('q', 'hrniec')}--${B}--\r\n`,
  },
  { name: 'urlencoded with invalid percent-encoding', type: 'application/x-www-form-urlencoded', body: (t) => `${field(t)}q=%zz&r=%` },
  { name: 'urlencoded with a cut UTF-8 sequence', type: 'application/x-www-form-urlencoded', body: (t) => `${field(t)}q=%C5` },
  {
    name: 'urlencoded with raw invalid UTF-8',
    type: 'application/x-www-form-urlencoded',
    body: (t) => new Uint8Array([...new TextEncoder().encode(`${field(t)}q=`), 0xff, 0xfe]),
  },
  { name: 'malformed JSON', type: 'application/json', body: () => '{"q": "hrniec",' },
  { name: 'JSON that is not an object', type: 'application/json', body: () => '["hrniec"]' },
  { name: 'JSON null', type: 'application/json; charset=utf-8', body: () => 'null' },
];

/** Field names the shop's forms and API use, to give "odd but well-formed" bodies something to hit. */
const FIELDS = [
  'q', 'r', 'id', 'product', 'product_id', 'product_ids', 'productId', 'quantity', 'code', 'email', 'username',
  'password', 'password_confirm', 'phone', 'name', 'token', 'locale', 'return_to', 'category_id', 'filter_criteria',
  'page', 'country', 'delivery', 'delivery_id', 'payment', 'payment_id', 'pickup', 'pickup_id', 'hash', 'order',
  'number', 'note', 'street', 'city', 'zip', 'price', 'type', 'limit', 'offset', 'slug', 'route', 'category_name',
  'localStorage', 'idempotency_key', 'vat_number', 'company', 'terms', 'consent', 'video', 'time', 'title',
];

/** Well-formed bodies with odd contents: they reach the handlers, which must answer them below 500. */
export const ODD_BODIES: { name: string; type?: string; body?: () => string | Uint8Array<ArrayBuffer> }[] = [
  { name: 'no body and no type' },
  { name: 'an empty body declared as JSON', type: 'application/json', body: () => '' },
  { name: 'an empty body declared as multipart without a boundary', type: 'multipart/form-data', body: () => '' },
  { name: 'a text/plain body', type: 'text/plain', body: () => 'q=hrniec' },
  { name: 'an empty JSON object', type: 'application/json', body: () => '{}' },
  {
    name: 'JSON whose fields are objects, lists and nulls',
    type: 'application/json',
    body: () => JSON.stringify(Object.fromEntries(FIELDS.map((f, i) => [f, [{ a: 1 }, [1, 'x'], null, true, -1e308][i % 5]]))),
  },
  { name: 'JSON with __proto__ and constructor keys', type: 'application/json', body: () => '{"__proto__":{"admin":true},"constructor":{"prototype":{}},"q":"x"}' },
  {
    name: 'urlencoded with repeated, bracketed and empty fields',
    type: 'application/x-www-form-urlencoded',
    body: () => `${FIELDS.map((f) => `${f}=1&${f}=x&${f}[]=&${f}[]=%C5%BE`).join('&')}&=&&q`,
  },
  {
    name: 'multipart whose every field is a file',
    type: `multipart/form-data; boundary=${B}`,
    body: () =>
      `${FIELDS.map((f) => `--${B}\r\nContent-Disposition: form-data; name="${f}"; filename="${f}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u0001\r\n`).join('')}--${B}--\r\n`,
  },
  {
    name: 'multipart with a quoted boundary and long values',
    type: `multipart/form-data; boundary="${B}"`,
    body: () => `${FIELDS.map((f) => part(f, 'ž'.repeat(2000))).join('')}--${B}--\r\n`,
  },
];

import type { App } from '../../server/app';
import { newSessionId } from '../../server/http/session';
import { defaultsOf, parseHtml } from './html';

export const SK = '127.0.0.1:3000';
export const CZ = 'cz.localhost:3000';

/**
 * A page rendered for each visitor, never shared, so it carries their CSRF token: the pages shared by
 * anonymous visitors (home, categories, products) carry none (decisions 181, 210).
 */
export const TOKEN_PAGE = '/nakupny-kosik';

/**
 * A browser that holds a session id, as a shopper does once something was stored for them (a first
 * visit gets no cookie: decision 003), and the CSRF token the pages rendered for it carry. The id is
 * made here as the server makes them; a row appears once the shopper stores something.
 */
export async function heldSession(app: App, host = SK, cookie = ''): Promise<{ sid: string; csrf: string; cookie: string }> {
  const sid = newSessionId();
  const all = [`sid=${sid}`, cookie].filter(Boolean).join('; ');
  const response = await app.request(TOKEN_PAGE, { headers: { host, cookie: all } });
  return { sid, csrf: defaultsOf(parseHtml(await response.text())).csrf, cookie: all };
}

/** A browser session: the cookie and CSRF token the first page handed out, on one shop's host. */
export interface Visitor {
  sid: string;
  csrf: string;
  host: string;
}

/** Requests as a shopper makes them: a first visit, then JSON, form and page requests with its session. */
export function shopperRequests(app: () => App) {
  const headers = (v: Visitor, extra: Record<string, string> = {}) => ({ host: v.host, cookie: `sid=${v.sid}`, 'x-csrf-token': v.csrf, ...extra });
  return {
    headers,
    async visitor(host = SK): Promise<Visitor> {
      const { sid, csrf } = await heldSession(app(), host);
      return { sid, csrf, host };
    },
    async post(v: Visitor, path: string, body: unknown, extra: Record<string, string> = {}) {
      const response = await app().request(path, { method: 'POST', body: JSON.stringify(body), headers: headers(v, { 'content-type': 'application/json', ...extra }) });
      return { response, body: (await response.json()) as any };
    },
    async get(v: Visitor, path: string) {
      const response = await app().request(path, { headers: headers(v) });
      return { response, body: (await response.json()) as any };
    },
    async page(v: Visitor, path: string, extra: Record<string, string> = {}) {
      const response = await app().request(path, { headers: { host: v.host, cookie: `sid=${v.sid}`, ...extra } });
      const html = await response.text();
      return { response, html, doc: parseHtml(html) };
    },
    form(v: Visitor, path: string, fields: Record<string, string>, extra: Record<string, string> = {}) {
      return app().request(path, {
        method: 'POST',
        body: new URLSearchParams({ _csrf: v.csrf, ...fields }),
        headers: { host: v.host, cookie: `sid=${v.sid}`, 'content-type': 'application/x-www-form-urlencoded', ...extra },
      });
    },
  };
}

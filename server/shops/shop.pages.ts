import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../http/env';
import { readBody } from '../http/body';
import { localPath } from '../http/redirect';
import { isLocale } from '../i18n/locales';

export const CONSENT_COOKIE = 'consent';
export const COUNTRY_COOKIE = 'country';
const YEAR = 365 * 86400;
const COUNTRIES = new Set(['sk', 'cz']);

/** Shopper preferences that work as plain links and forms: cookie consent, language, delivery country. */
export function shopPreferencePages() {
  const app = new Hono<AppEnv>();

  app.post('/suhlas-cookies', async (c) => {
    const body = await readBody(c);
    setCookie(c, CONSENT_COOKIE, '1', { path: '/', maxAge: YEAR, sameSite: 'Lax', secure: c.get('deps').config.secureCookies });
    return c.redirect(localPath(body.r), 303);
  });

  app.post('/jazyk', async (c) => {
    const body = await readBody(c);
    if (isLocale(body.locale)) {
      setCookie(c, 'locale', body.locale, { path: '/', maxAge: YEAR, sameSite: 'Lax', secure: c.get('deps').config.secureCookies });
    }
    return c.redirect(localPath(body.r), 303);
  });

  // The spec's country switch is a link (/country/{code}/?r=…); it only stores the choice and returns home.
  const country = (c: Context<AppEnv>) => {
    const code = c.req.param('code')?.toLowerCase() ?? '';
    if (COUNTRIES.has(code)) {
      setCookie(c, COUNTRY_COOKIE, code, { path: '/', maxAge: YEAR, sameSite: 'Lax', secure: c.get('deps').config.secureCookies });
    }
    return c.redirect(localPath(c.req.query('r')), 303);
  };
  app.get('/country/:code/', country);
  app.get('/country/:code', country);

  return app;
}

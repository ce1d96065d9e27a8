import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../http/env';
import { readBody } from '../http/body';
import { localPath } from '../http/redirect';
import { returnPath } from '../http/return-path';
import { isLocale } from '../i18n/locales';
import { z } from 'zod';
import type { Render } from '../render/renderer';
import { ACCEPT_ALL, CONSENT_COOKIE, CONSENT_MAX_AGE, formatConsent, parseConsent, REJECT_ALL, type Consent } from './consent-cookie';
import { cookie } from '../http/cookies';

export { CONSENT_COOKIE };
export const COUNTRY_COOKIE = 'country';

/** The cookie bar's and the settings page's form: accept all, reject all, or the two switches. */
const consentForm = z.object({
  choice: z.enum(['all', 'none', 'custom']).catch('none'),
  analytics: z.literal('1').optional().catch(undefined),
  marketing: z.literal('1').optional().catch(undefined),
});

function chosen(body: Record<string, unknown>): Consent {
  const form = consentForm.parse(body);
  if (form.choice === 'all') return ACCEPT_ALL;
  if (form.choice === 'none') return REJECT_ALL;
  return { analytics: form.analytics === '1', marketing: form.marketing === '1' };
}
const YEAR = 365 * 86400;
const COUNTRIES = new Set(['sk', 'cz']);

/** Shopper preferences that work as plain links and forms: cookie consent, language, delivery country. */
export function shopPreferencePages(render: Render) {
  const app = new Hono<AppEnv>();

  // Without JavaScript: the bar's buttons and the settings page post here (with it, the site entry
  // writes the same cookie in place). Not HttpOnly: the page reads the choice (decision 243).
  app.post('/suhlas-cookies', async (c) => {
    const body = await readBody(c);
    setCookie(c, CONSENT_COOKIE, formatConsent(chosen(body)), { path: '/', maxAge: CONSENT_MAX_AGE, sameSite: 'Lax', secure: c.get('deps').config.secureCookies });
    return c.redirect(returnPath(c, body.r) ?? '/', 303);
  });

  // The footer's "Nastavenia cookies" as a page: the three switches with the stored choice.
  app.get('/suhlas-cookies', (c) => {
    const i18n = c.get('i18n');
    const consentChoice = parseConsent(cookie(c, CONSENT_COOKIE)) ?? REJECT_ALL;
    return render(c, 'pages/consent/consent', { consentChoice, saved: c.req.query('ulozene') === '1' }, { title: i18n._('Nastavenia cookies'), noStore: true });
  });

  app.post('/jazyk', async (c) => {
    const body = await readBody(c);
    if (isLocale(body.locale)) {
      setCookie(c, 'locale', body.locale, { path: '/', maxAge: YEAR, sameSite: 'Lax', secure: c.get('deps').config.secureCookies });
    }
    return c.redirect(returnPath(c, body.r) ?? '/', 303);
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

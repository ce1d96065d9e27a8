import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { answer } from '../http/response-head';
import { LOCALE_NAMES, LOCALES, type Locale } from '../i18n/locales';
import { createEta } from '../render/eta';
import { formatMoney, intlLocale } from '../render/format';
import { attrJson, scriptJson } from '../render/json';
import type { AdminEnv } from './env';
import { menuFor } from './sections';
import { shopDateText } from './shop-days';

/** What the build wrote for the back office (build.ts): its own script and stylesheet, and the widgets' messages. */
interface AdminAssets {
  adminJs: string;
  adminCss: string;
  messages: Record<Locale, string>;
}

function loadAdminAssets(root: string): AdminAssets {
  const file = join(root, 'static/build/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<AdminAssets>;
  if (!manifest.adminJs || !manifest.adminCss || !manifest.messages) throw new Error(`${file} has no back-office assets: run \`npm run build\`.`);
  return manifest as AdminAssets;
}

export interface AdminPageMeta {
  title: string;
  status?: ContentfulStatusCode;
}

export type AdminRender = (c: Context<AdminEnv>, template: string, view: Record<string, unknown>, meta: AdminPageMeta) => Response;

/**
 * Back-office pages: templates/admin/<name>.eta inside templates/admin/layout.eta, not the shop's
 * base layout (no shop header, cart or consent). Every page gets the menu of the member's role
 * (server/admin/sections.ts), the CSRF token for its forms and the defaults block its widgets read.
 * `pages` is the set of back-office GET paths (read once the app is built) that the menu may link to.
 */
export function createAdminRenderer(options: { root: string; production: boolean; pages: () => ReadonlySet<string> }): AdminRender {
  const eta = createEta(options);
  const assets = loadAdminAssets(options.root);
  return (c, template, view, meta) => {
    const locale = c.get('locale');
    const i18n = c.get('i18n');
    const staff = c.get('staff');
    const csrf = c.get('csrfToken');
    const values = {
      ...view,
      t: (id: string, v?: Record<string, unknown>) => i18n._(id, v),
      money: (minor: number, currency: string) => formatMoney(minor, currency, locale),
      dateTime: (ms: number | null, withTime = true) => (ms === null ? '' : shopDateText(ms, withTime)),
      attrJson,
      locale,
      locales: LOCALES,
      localeNames: LOCALE_NAMES,
      csrf,
      path: c.req.path,
      returnTo: c.req.path + (new URL(c.req.url).search || ''),
      staff: staff?.verified ? staff : null,
      menu: staff?.verified ? menuFor(staff.role, options.pages()) : [],
      assets,
      title: meta.title,
      defaultsJson: scriptJson({
        shop: c.get('shop').code,
        locale,
        intlLocale: intlLocale(locale),
        currency: { code: c.get('shop').currency, symbol: c.get('shop').currencySymbol },
        isLogged: false,
        loggedUsername: null,
        loggedRoles: [],
        csrf,
        messages: assets.messages[locale],
      }),
    };
    const html = eta.render(`/admin/${template}`, values);
    return answer(c, html, meta.status ?? 200, 'text/html; charset=UTF-8');
  };
}

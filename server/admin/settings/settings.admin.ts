import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { Config } from '../../config';
import { msg } from '../../i18n/msg';
import { mailSchema, partnersSchema, shopAddressesSchema } from '../../settings/settings.schemas';
import type { StoredSettings } from '../../settings/settings.service';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { saveSettings, settingsView } from './settings-write';

export const SETTINGS_PATH = '/admin/nastavenia';
export const SETTINGS_NOTICES = {
  shops: msg('Adresy obchodov sú uložené. Platiť začnú po reštarte obchodu.'),
  partners: msg('Partnerské pôvody sú uložené a platia hneď.'),
  mail: msg('Nastavenia pošty sú uložené a platia pre každý ďalší e-mail.'),
  supplier: msg('Údaje dodávateľa sú uložené: nové doklady ich tlačia hneď.'),
};

type FormKey = 'shops' | 'partners' | 'mail';

/**
 * /admin/nastavenia: the shops' host names and origins, partner origins and the mail sender and
 * operator address, each its own small form (a refused one comes back with what was typed and its
 * messages, the others as stored), and links to each shop's supplier data.
 */
export function settingsAdmin(render: AdminRender, envConfig: Config) {
  const app = new Hono<AdminEnv>();

  const page = (c: Context<AdminEnv>, state: { form?: FormKey; values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode } = {}) => {
    const { db, config } = c.get('deps');
    const view = settingsView(db, envConfig, config);
    return render(
      c,
      'settings',
      { ...view, values: { ...view.stored, ...(state.values ?? {}) }, errors: state.errors ?? {}, failed: state.form ?? null, notice: noticeOf(c, SETTINGS_NOTICES) },
      { title: c.get('i18n')._('Nastavenia'), status: state.status },
    );
  };

  app.get(SETTINGS_PATH, (c) => page(c));

  /** One form: validate, store through saveSettings (audited), redirect; or the page with its messages. */
  const form = <S extends z.ZodType>(key: FormKey, path: string, schema: S, fields: string[], toSettings: (data: z.output<S>) => Partial<StoredSettings>) =>
    app.post(`${SETTINGS_PATH}/${path}`, async (c) => {
      const posted = await formFields(c);
      const values = Object.fromEntries(fields.map((f) => [f, (posted[f] ?? '').slice(0, 4000)]));
      const checked = checkForm(schema, values, c.get('i18n'));
      if (!checked.ok) return page(c, { form: key, values, errors: checked.errors, status: 400 });
      saveSettings(c.get('deps').db, actorOf(c), `settings.${key}`, toSettings(checked.data), c.get('deps').clock.now());
      return c.redirect(`${SETTINGS_PATH}?ok=${key}`, 303);
    });

  form('shops', 'obchody', shopAddressesSchema, ['skHosts', 'czHosts', 'skOrigin', 'czOrigin'], (d) => ({
    'shop.sk.hosts': d.skHosts,
    'shop.cz.hosts': d.czHosts,
    'shop.sk.origin': d.skOrigin,
    'shop.cz.origin': d.czOrigin,
  }));
  form('partners', 'partneri', partnersSchema, ['origins'], (d) => ({ 'partner.origins': d.origins }));
  form('mail', 'posta', mailSchema, ['from', 'operator'], (d) => ({ 'mail.from': d.from, 'mail.operator': d.operator }));

  return app;
}

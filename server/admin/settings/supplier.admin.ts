import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ShopCode } from '../../config';
import type { ShopContext } from '../../http/env';
import { NotFoundError } from '../../http/problem';
import { supplierSchema } from '../../shops/supplier.schemas';
import { supplierOf } from '../../shops/supplier.service';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields } from '../form';
import type { AdminRender } from '../render';
import { saveSupplier } from './settings-write';
import { SETTINGS_PATH } from './settings.admin';

/** Field, label and hint of the supplier form, in print order (the documents print exactly these). */
export const SUPPLIER_FIELDS = [
  'name', 'street', 'zip', 'town', 'country', 'companyNumber', 'taxNumber', 'vatNumber', 'register',
  'email', 'phone', 'bankName', 'beneficiary', 'iban', 'swift', 'account',
] as const;

/**
 * /admin/nastavenia/dodavatel/{sk|cz}: the seller's data and bank account of one shop, which
 * invoices, order PDFs, payment QR codes and mails print; validated by the same schema as the
 * command line (IBAN check digits, IČO, DIČ, IČ DPH, SWIFT) and stored by the same service.
 */
export function supplierAdmin(render: AdminRender, shops: () => ShopContext[]) {
  const app = new Hono<AdminEnv>();
  const path = `${SETTINGS_PATH}/dodavatel/:shop{sk|cz}`;

  const shopOf = (c: Context<AdminEnv>) => {
    const shop = shops().find((s) => s.code === (c.req.param('shop') as ShopCode));
    if (!shop) throw new NotFoundError();
    return shop;
  };

  const page = (c: Context<AdminEnv>, shop: ShopContext, state: { values?: Record<string, string>; errors?: Record<string, string>; status?: ContentfulStatusCode } = {}) =>
    render(
      c,
      'supplier',
      { shop, fields: SUPPLIER_FIELDS, values: state.values ?? supplierOf(c.get('deps').db, shop.id), errors: state.errors ?? {} },
      { title: c.get('i18n')._('Dodávateľ – {shop}', { shop: shop.name }), status: state.status },
    );

  app.get(path, (c) => page(c, shopOf(c)));

  app.post(path, async (c) => {
    const shop = shopOf(c);
    const posted = await formFields(c);
    const values = Object.fromEntries(SUPPLIER_FIELDS.map((f) => [f, (posted[f] ?? '').slice(0, 300)]));
    const checked = checkForm(supplierSchema, values, c.get('i18n'));
    if (!checked.ok) return page(c, shop, { values, errors: checked.errors, status: 400 });
    saveSupplier(c.get('deps').db, actorOf(c), shop, checked.data, c.get('deps').clock.now());
    return c.redirect(`${SETTINGS_PATH}?ok=supplier`, 303);
  });

  return app;
}

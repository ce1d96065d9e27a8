import { msg } from '../../i18n/msg';
import type { AdminRender } from '../render';
import { ruleCrud } from './rule-crud';
import { paymentById, paymentCompanies, paymentRows, paymentVersion, updatePayment, type PaymentState } from './payments.service';
import { paymentSchema } from './rules.schemas';
import { minor, shopRows } from './rules.shared';

export const PAYMENTS_PATH = '/admin/predaj/platba';

const formValues = (p: PaymentState): Record<string, string> => ({
  name: p.name,
  description: p.description,
  countries: p.countries ?? '',
  carriers: p.carriers.join('\n'),
  ...(p.codFees ? { codFeeSk: minor(p.codFees.sk ?? 0), codFeeCz: minor(p.codFees.cz ?? 0) } : {}),
  version: paymentVersion(p),
});

/**
 * /admin/predaj/platba: the payment methods with the carriers each goes with per shop; an edit form
 * per method (texts, countries, carriers, and for cash on delivery each shop's fee), refused over a
 * change made meanwhile. The methods are fixed (the cart knows them by id): no new-method form.
 */
export function paymentsAdmin(render: AdminRender) {
  return ruleCrud(render, {
    path: PAYMENTS_PATH,
    // The COD fees are read on every form; only cash on delivery's save uses them (updatePayment).
    fields: ['name', 'description', 'countries', 'carriers', 'codFeeSk', 'codFeeCz', 'version'],
    maxLength: { carriers: 2000 },
    schema: paymentSchema,
    notices: { saved: msg('Platba je uložená.') },
    choices: (c) => {
      const t = c.get('i18n');
      return {
        shops: shopRows(c.get('deps').db),
        companies: paymentCompanies(c.get('deps').db),
        countryOptions: [['', t._('Všetky krajiny')], ['sk', t._('Slovensko')], ['cz', t._('Česko')]],
      };
    },
    list: { template: 'payments', title: (i18n) => i18n._('Platba'), data: (c) => ({ rows: paymentRows(c.get('deps').db) }) },
    edit: { template: 'payment', name: 'payment', title: (i18n, p) => i18n._('Platba: {name}', { name: i18n._(p.name) }) },
    byId: paymentById,
    idOf: (p) => p.id,
    formValues,
    update: updatePayment,
  });
}

import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env';
import type { Render } from '../render/renderer';
import { addressSchema, fieldErrors } from './accounts.schemas';
import { getUser, savedAddresses, saveAddress, updatePhone, type Address, type AddressKind } from './accounts.service';
import { readBody } from '../http/body';
import { normalizeMobile } from './phone';
import { referralCodeOf } from './referral.service';
import { requireUser } from './roles';

const KINDS: AddressKind[] = ['delivery', 'invoice'];

function addressValues(a: Address | null): Record<string, string> {
  if (!a) return { country: 'sk' };
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    company_name: a.companyName,
    company_number: a.companyNumber,
    company_vat: a.companyVat,
    street: a.street,
    town: a.town,
    zip: a.zip,
    country: a.country,
  };
}

/** /moje/konto and /moje/udaje; the account menu comes from templates/partials/account-menu. */
export function accountPages(render: Render) {
  const app = new Hono<AppEnv>();
  app.use('/moje/konto', requireUser);
  app.use('/moje/udaje', requireUser);
  app.use('/moje/udaje/*', requireUser);

  const user = (c: Context<AppEnv>) => {
    const found = getUser(c.get('deps').db, c.get('session').userId!);
    if (!found) throw new Error('signed-in session without a user');
    return found;
  };

  app.get('/moje/konto', (c) => {
    const u = user(c);
    return render(
      c,
      'pages/account/overview',
      {
        account: { name: u.email.split('@')[0], email: u.email, status: u.status, requestedType: u.requestedType },
        // The code is made on the first view of this page (docs/decisions/143).
        referralUrl: `${c.get('shop').origin}/registracia?ref=${referralCodeOf(c.get('deps').db, u.id)}`,
      },
      { title: c.get('i18n')._('Konto'), noStore: true },
    );
  });

  type Forms = { phone?: { value: string; error?: string }; delivery?: FormState; invoice?: FormState; saved?: string };
  type FormState = { values: Record<string, string>; errors: Record<string, string> };

  const dataPage = (c: Context<AppEnv>, forms: Forms = {}, status: 200 | 400 = 200) => {
    const u = user(c);
    const saved = savedAddresses(c.get('deps').db, u.id);
    const i18n = c.get('i18n');
    const tr = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, i18n._(v)]));
    const view = {
      email: u.email,
      phone: { value: forms.phone?.value ?? u.phone ?? '', error: forms.phone?.error ? i18n._(forms.phone.error) : null },
      addresses: KINDS.map((kind) => ({
        kind,
        title: kind === 'delivery' ? i18n._('Dodacia adresa') : i18n._('Fakturačné údaje'),
        values: forms[kind]?.values ?? addressValues(saved[kind]),
        errors: tr(forms[kind]?.errors ?? {}),
      })),
      saved: forms.saved ?? (c.req.query('ulozene') === '1' ? i18n._('Údaje sú uložené.') : null),
      deleteError: null as string | null,
      // Made through Google or Facebook: deletion is confirmed by a recent sign-in, not a password.
      passwordless: u.passwordHash === null,
    };
    return render(c, 'pages/account/data', view, { title: c.get('i18n')._('Údaje'), noStore: true, status });
  };

  app.get('/moje/udaje', (c) => dataPage(c));

  app.post('/moje/udaje/telefon', async (c) => {
    const fields = await readBody(c);
    const raw = typeof fields.phone === 'string' ? fields.phone.slice(0, 40) : '';
    const phone = normalizeMobile(raw, c.get('shop').country);
    if (!phone) return dataPage(c, { phone: { value: raw, error: 'Nesprávny formát' } }, 400);
    updatePhone(c.get('deps').db, c.get('session').userId!, phone);
    return c.redirect('/moje/udaje?ulozene=1', 303);
  });

  app.post('/moje/udaje/adresa/:kind', async (c) => {
    const kind = c.req.param('kind') as AddressKind;
    if (!KINDS.includes(kind)) return c.notFound();
    const fields = await readBody(c);
    const parsed = addressSchema.safeParse(fields);
    if (!parsed.success) {
      const values = Object.fromEntries(Object.entries(fields).filter(([k, v]) => k !== '_csrf' && typeof v === 'string').map(([k, v]) => [k, String(v).slice(0, 200)]));
      return dataPage(c, { [kind]: { values, errors: fieldErrors(parsed.error) } }, 400);
    }
    saveAddress(c.get('deps').db, c.get('session').userId!, kind, parsed.data, c.get('deps').clock.now());
    return c.redirect(`/moje/udaje?ulozene=1#${kind}`, 303);
  });

  return app;
}

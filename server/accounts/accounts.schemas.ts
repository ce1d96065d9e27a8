import { z } from 'zod';
import { msg } from '../i18n/msg';

/**
 * Input of the sign-in, sign-up, recovery and personal-data forms. Pure (no database, no phone
 * metadata, no password dictionary), so a widget may import it for instant feedback; the server adds
 * the mobile-number and common-password checks (phone.ts, password-policy.ts).
 */
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };
export const ACCOUNT_TYPES = ['consumer', 'wholesale', 'seller'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const FORMAT = msg('Nesprávny formát');
export const MUST_MATCH = msg('Musí sa zhodovať');
export const REQUIRED = msg('Toto pole je povinné');
export const TOO_SHORT = msg('Heslo musí mať aspoň 10 znakov');
export const TOO_LONG = msg('Heslo je príliš dlhé');

const email = z
  .string({ error: REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, { error: REQUIRED })
  .max(254, { error: FORMAT })
  .pipe(z.email({ error: FORMAT }));

const newPassword = z
  .string({ error: REQUIRED })
  .min(1, { error: REQUIRED })
  .min(MIN_PASSWORD_LENGTH, { error: TOO_SHORT })
  .max(MAX_PASSWORD_LENGTH, { error: TOO_LONG });

/** An unknown or missing type is a consumer: the type only asks, it never grants (roles.ts). */
export const accountType = z.enum(ACCOUNT_TYPES).catch('consumer');

/** Unknown keys (roles, status, …) are dropped by z.object: no field can grant a role. */
export const signUpSchema = z
  .object({
    username: email,
    password: newPassword,
    // The page form repeats the password; the spec's API call does not send it.
    password2: z.string().optional(),
    phone: z.string({ error: FORMAT }).trim().min(1, { error: FORMAT }).max(40, { error: FORMAT }),
    type: accountType.optional().transform((t) => t ?? 'consumer'),
  })
  .superRefine((value, ctx) => {
    if (value.password2 !== undefined && value.password2 !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['password2'], message: MUST_MATCH });
    }
  });
export type SignUpInput = z.output<typeof signUpSchema>;

export const signInSchema = z.object({
  username: z.string().trim().toLowerCase().max(254).catch(''),
  password: z.string().max(MAX_PASSWORD_LENGTH).catch(''),
  type: accountType.optional(),
});
export type SignInInput = z.output<typeof signInSchema>;

export const recoveryRequestSchema = z.object({ username: email });

export const newPasswordSchema = z
  .object({ password: newPassword, password2: z.string().optional().default('') })
  .superRefine((value, ctx) => {
    if (value.password2 !== value.password) ctx.addIssue({ code: 'custom', path: ['password2'], message: MUST_MATCH });
  });

// A missing or non-text field is empty; a too long one is an error, never silently cut or blanked.
const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim().max(max, { error: msg('Text je príliš dlhý') }));

/** Spec 3, saved addresses: street, town, zip, country, names, company name, number and VAT id. */
export const addressSchema = z
  .object({
    first_name: text(100),
    last_name: text(100),
    company_name: text(200),
    company_number: text(20),
    company_vat: text(20),
    street: text(200),
    town: text(100),
    zip: text(10),
    country: z.enum(['sk', 'cz']).catch('sk'),
  })
  .superRefine((a, ctx) => {
    const any = a.street || a.town || a.zip;
    if (any) {
      for (const key of ['street', 'town', 'zip'] as const) if (!a[key]) ctx.addIssue({ code: 'custom', path: [key], message: REQUIRED });
    }
    // The spec's street rule from checkout: a name and a number.
    if (a.street && !(/\p{L}/u.test(a.street) && /\d/.test(a.street))) {
      ctx.addIssue({ code: 'custom', path: ['street'], message: msg('Musí obsahovať názov a čislo!') });
    }
    if (a.zip && !/^\d{3} ?\d{2}$/.test(a.zip)) ctx.addIssue({ code: 'custom', path: ['zip'], message: FORMAT });
    if (a.company_number && !/^\d{6,10}$/.test(a.company_number)) ctx.addIssue({ code: 'custom', path: ['company_number'], message: FORMAT });
    if (a.company_vat && !/^(SK|CZ)?\d{8,10}$/i.test(a.company_vat.replace(/\s/g, ''))) {
      ctx.addIssue({ code: 'custom', path: ['company_vat'], message: FORMAT });
    }
  });
export type AddressInput = z.output<typeof addressSchema>;

/** The first message per field, as the problem body's `errors` wants them. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

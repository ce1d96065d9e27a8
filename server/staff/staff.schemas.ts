import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../accounts/accounts.schemas';
import { STAFF_ROLES } from '../db/schema/staff';
import { msg } from '../i18n/msg';

/** Back-office sign-in, second factor, invitation and staff forms: one schema per form. */
export const REQUIRED = msg('Toto pole je povinné');
export const EMAIL_FORMAT = msg('Zadajte platný e-mail');
export const PASSWORD_SHORT = msg('Heslo musí mať aspoň 10 znakov');
export const PASSWORDS_DIFFER = msg('Heslá sa nezhodujú');
export const CODE_FORMAT = msg('Zadajte 6 číslic z aplikácie alebo kód obnovy');

export const staffEmailSchema = z
  .string({ error: REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, { error: REQUIRED })
  .max(254, { error: EMAIL_FORMAT })
  .pipe(z.email({ error: EMAIL_FORMAT }));

/** Sign-in: anything typed is tried (the answer never says which of the two was wrong). */
export const staffSignInSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).catch(''),
  password: z.string().max(MAX_PASSWORD_LENGTH).catch(''),
});

/** Six digits from the app, or a recovery code (xxxxx-xxxxx). */
export const secondFactorSchema = z.object({
  code: z
    .string({ error: CODE_FORMAT })
    .trim()
    .min(6, { error: CODE_FORMAT })
    .max(20, { error: CODE_FORMAT }),
});

/** The invitee's name and password and the first code from the app they enrolled. */
export const acceptInvitationSchema = z
  .object({
    name: z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(80),
    password: z.string({ error: REQUIRED }).min(MIN_PASSWORD_LENGTH, { error: PASSWORD_SHORT }).max(MAX_PASSWORD_LENGTH),
    password2: z.string({ error: REQUIRED }),
    code: z.string({ error: CODE_FORMAT }).trim().regex(/^\d{3}\s?\d{3}$/, { error: msg('Zadajte 6 číslic z aplikácie') }),
  })
  .superRefine((value, ctx) => {
    if (value.password2 !== value.password) ctx.addIssue({ code: 'custom', path: ['password2'], message: PASSWORDS_DIFFER });
  });

export const inviteSchema = z.object({
  email: staffEmailSchema,
  role: z.enum(STAFF_ROLES, { error: msg('Vyberte rolu') }),
});

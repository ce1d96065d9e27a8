import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../server/accounts/password-rules';

export interface SignUpFields {
  /** The e-mail box's own verdict (type="email", validity.valid) and its text. */
  email: string;
  emailValid: boolean;
  phone: string;
  password: string;
  password2: string;
}

/**
 * Spec 5: sign-up's submit waits until the e-mail, the mobile number and the repeated password are
 * valid. Only a hint for the shopper: the server checks everything again (accounts.schemas.ts, and
 * phone.ts with the full numbering metadata), so this side is lenient where it cannot be exact: a
 * mobile number is 9 to 15 digits written with the usual separators, never refused here for a type.
 */
export function signUpReady(f: SignUpFields): boolean {
  const digits = f.phone.replace(/\D/g, '');
  const phone = /^\+?[\d\s().\-/]+$/.test(f.phone.trim()) && digits.length >= 9 && digits.length <= 15;
  const password = f.password.length >= MIN_PASSWORD_LENGTH && f.password.length <= MAX_PASSWORD_LENGTH;
  return f.email.trim() !== '' && f.emailValid && phone && password && f.password2 === f.password;
}

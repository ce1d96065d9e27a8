import { afterEach, describe, expect, it } from 'vitest';
import '../../widgets/sign-up-guard/sign-up-guard.element';
import { signUpReady } from '../../widgets/sign-up-guard/ready';

/** The sign-up form as templates/pages/auth/sign-up.eta draws it, inside the guard. */
async function mount(values: Record<string, string> = {}) {
  const field = (name: string, type: string) => `<input name="${name}" type="${type}" value="${values[name] ?? ''}">`;
  document.body.innerHTML = `<shop-sign-up-guard><form class="auth-form" method="post" novalidate>
    ${field('username', 'email')}${field('phone', 'tel')}${field('password', 'password')}${field('password2', 'password')}
    <button class="button button--primary" type="submit">Registrovať sa</button></form></shop-sign-up-guard>`;
  await Promise.resolve();
}
const submit = () => document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
function type(name: string, value: string) {
  const box = document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  box.value = value;
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('sign-up guard (issue 23, spec 5)', () => {
  it('keeps the submit disabled until e-mail, mobile number and the repeated password are valid', async () => {
    await mount();
    expect(submit().disabled).toBe(true);
    type('username', 'jana@example.sk');
    type('phone', '0905 123 456');
    type('password', 'dlha-fraza-123');
    expect(submit().disabled).toBe(true);
    type('password2', 'dlha-fraza-12');
    expect(submit().disabled).toBe(true);
    type('password2', 'dlha-fraza-123');
    expect(submit().disabled).toBe(false);
    type('username', 'jana@');
    expect(submit().disabled).toBe(true);
  });

  it('judges a form the server re-rendered with kept values at once', async () => {
    await mount({ username: 'jana@example.sk', phone: '+421 905 123 456' });
    expect(submit().disabled).toBe(true);
    type('password', 'dlha-fraza-123');
    type('password2', 'dlha-fraza-123');
    expect(submit().disabled).toBe(false);
  });

  it('is lenient where only the server can be exact, strict where the page can be', () => {
    const ok = { email: 'a@b.sk', emailValid: true, phone: '0905123456', password: '0123456789', password2: '0123456789' };
    expect(signUpReady(ok)).toBe(true);
    expect(signUpReady({ ...ok, phone: '+420 601 123 456' })).toBe(true);
    expect(signUpReady({ ...ok, phone: '(0905) 123-456' })).toBe(true);
    expect(signUpReady({ ...ok, phone: '12345' })).toBe(false);
    expect(signUpReady({ ...ok, phone: '0905 123 456 x' })).toBe(false);
    expect(signUpReady({ ...ok, password: '012345678', password2: '012345678' })).toBe(false);
    expect(signUpReady({ ...ok, emailValid: false })).toBe(false);
    expect(signUpReady({ ...ok, email: ' ' })).toBe(false);
  });
});

import { signUpReady } from './ready';

/**
 * <shop-sign-up-guard> around the sign-up form: keeps "Registrovať sa" disabled until the e-mail,
 * the mobile number and the repeated password are valid (spec 5). Plain DOM, no widget runtime
 * (decision 166): it only watches four boxes. Without it the button works and the server answers
 * with its messages, as it does anyway.
 */
class SignUpGuard extends HTMLElement {
  private readonly check = () => {
    const form = this.querySelector('form');
    const box = (name: string) => form?.querySelector<HTMLInputElement>(`input[name="${name}"]`) ?? null;
    const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    const email = box('username');
    if (!form || !submit || !email) return;
    const value = (name: string) => box(name)?.value ?? '';
    const ready = signUpReady({ email: email.value, emailValid: email.validity.valid, phone: value('phone'), password: value('password'), password2: value('password2') });
    submit.disabled = !ready;
  };

  connectedCallback() {
    this.addEventListener('input', this.check);
    // Autofill may write the boxes without an input event in some browsers; change follows it.
    this.addEventListener('change', this.check);
    // Upgraded with its form inside, or (defined before the parser reached it) right before the form
    // arrives: the microtask judges it once it is there.
    this.check();
    queueMicrotask(this.check);
  }

  disconnectedCallback() {
    this.removeEventListener('input', this.check);
    this.removeEventListener('change', this.check);
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('shop-sign-up-guard')) customElements.define('shop-sign-up-guard', SignUpGuard);

declare global {
  interface HTMLElementTagNameMap {
    'shop-sign-up-guard': HTMLElement;
  }
}

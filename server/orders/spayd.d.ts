// spayd ships types that its package.json "exports" hides from the bundler resolution; these are its.
declare module 'spayd' {
  export interface PaymentDescription {
    acc: string;
    am?: string;
    cc?: string;
    msg?: string;
    rn?: string;
    xvs?: string;
    xss?: string;
    xks?: string;
    dt?: Date;
    [key: string]: unknown;
  }
  export default function spayd(payment: PaymentDescription): string;
}

import { z } from 'zod';
import { msg } from '../i18n/msg';

/** Photos a claim may carry, each at most MAX_PHOTO_BYTES as sent (phones' photos are 2–5 MB). */
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/**
 * Decoded pixels a photo may have: a 50-megapixel phone camera's full picture fits, a pixel bomb
 * (a small file that decodes to gigabytes, e.g. 20000 × 20000) is refused before it is decoded.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** A claim with every photo at its limit, plus its text fields. */
export const MAX_CLAIM_BODY_BYTES = MAX_PHOTOS * MAX_PHOTO_BYTES + 1024 * 1024;
export const MAX_NOTE = 2000;

export const REQUIRED = msg('Toto pole je povinné');
export const TOO_LONG = msg('Text je príliš dlhý');
export const CLAIM_EMAIL = msg('Zadajte e-mail, ktorý ste uviedli pri objednávke');
export const CLAIM_TYPE = msg('Vyberte, čo reklamujete');
export const CLAIM_DOCUMENT = msg('Zadajte číslo objednávky alebo faktúry (10 číslic)');
export const CLAIM_NOTE = msg('Opíšte, čo sa stalo');
/** Unknown number and wrong e-mail get this one answer: nobody learns whether an order exists. */
export const CLAIM_ORDER_NOT_FOUND = msg('Objednávku s týmto číslom a e-mailom sme nenašli.');
export const CLAIM_CANCELLED = msg('Zrušenú objednávku nie je možné reklamovať.');
export const CLAIM_DOCUMENT_FOREIGN = msg('Toto číslo nepatrí k tejto objednávke');
export const CLAIM_FAILED = msg('Reklamáciu sa nepodarilo odoslať. Skontrolujte označené údaje.');

/** Photo messages; `{name}` is the file's name as the shopper's device gave it. */
export const PHOTO_MESSAGES = {
  count: msg('Priložte najviac 5 fotografií.'),
  size: msg('Fotografia {name} je väčšia ako 5 MB.'),
  type: msg('Súbor {name} nie je fotografia vo formáte JPEG, PNG alebo WebP.'),
  extra: msg('Súbor {name} obsahuje okrem obrázka aj iné údaje, napríklad skript. Pošlite, prosím, fotografiu priamo z fotoaparátu.'),
  pixels: msg('Fotografia {name} má príliš veľa pixelov (najviac 50 megapixelov).'),
  broken: msg('Fotografiu {name} sa nepodarilo prečítať. Je celá?'),
} as const;

const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v), z.string({ message: REQUIRED }).max(max, { message: TOO_LONG }));

/**
 * Spec 3 "Claim": purchase, documentNumber, note, type. `purchase` is the order's public hash (the
 * tracking page and /moje/objednavky link with it, so the order is already proven); without it a
 * guest names the order by `documentNumber` (order or invoice number) and the order's `email`.
 * The note is required: a claim nobody can act on helps no one. Pure, so a widget may import it.
 */
export const claimSchema = z
  .object({
    purchase: text(40),
    documentNumber: text(20).refine((v) => v === '' || /^\d{10}$/.test(v), { message: CLAIM_DOCUMENT }),
    email: text(254),
    note: text(MAX_NOTE).refine((v) => v.length > 0, { message: CLAIM_NOTE }),
    type: text(12).refine((v) => /^[1-9]\d{0,8}$/.test(v), { message: CLAIM_TYPE }).transform(Number),
  })
  .superRefine((v, ctx) => {
    if (v.purchase) return;
    if (!v.documentNumber) ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: CLAIM_DOCUMENT });
    if (!z.email().safeParse(v.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: CLAIM_EMAIL });
  });

export type ClaimInput = z.infer<typeof claimSchema>;

/** Field → first message of a failed parse. */
export function claimErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

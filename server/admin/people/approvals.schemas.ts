import { z } from 'zod';
import { msg } from '../../i18n/msg';
import { pageField } from '../list-fields';

/** Disabling a seller's product: what the seller is told (required, they must learn why). */
export const disableProductSchema = z.object({
  message: z.string().trim().min(3, { error: msg('Napíšte predajcovi, prečo produkt vypínate') }).max(2000),
});

/** Refusing a wholesale or seller sign-up: an optional word to the applicant. */
export const refuseSchema = z.object({
  message: z.string().trim().max(2000).default(''),
});

/** The approvals page's query: which page of waiting products. */
export const approvalsQuerySchema = z.object({ strana: pageField });

export const APPROVALS_PAGE_SIZE = 30;

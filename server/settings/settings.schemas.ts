import { z } from 'zod';
import { msg } from '../i18n/msg';

/**
 * The settings the back office edits, one schema per key (server/settings/settings.service.ts). An
 * empty value means "as configured": the row is removed and the environment variable counts again.
 */
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
export const HOSTS_FORMAT = msg('Zadajte názvy hostiteľov oddelené čiarkou, napr. obchod.sk, www.obchod.sk');
export const ORIGIN_FORMAT = msg('Zadajte pôvod v tvare https://obchod.sk (bez cesty); http len pre localhost');
export const SENDER_FORMAT = msg('Zadajte e-mail alebo Meno <e-mail>');
export const EMAIL_FORMAT = msg('Zadajte platný e-mail');

const isLocal = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';

/** An origin only (scheme, host, port); https unless it is this machine. Answers it normalised, or null. */
export function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocal(url.hostname))) return null;
    return url.origin;
  } catch {
    return null;
  }
}

const list = (text: string) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

export const hostsSchema = z
  .string()
  .transform((text) => list(text.toLowerCase()))
  .refine((hosts) => hosts.every((h) => HOST.test(h) || h === '127.0.0.1'), { error: HOSTS_FORMAT })
  .refine((hosts) => hosts.length <= 20, { error: HOSTS_FORMAT });

export const originSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (!text) return '';
    const origin = normalOrigin(text);
    if (!origin) ctx.addIssue({ code: 'custom', message: ORIGIN_FORMAT });
    return origin ?? '';
  });

export const originListSchema = z.string().transform((text, ctx) => {
  const origins = list(text).map((o) => ({ typed: o, origin: normalOrigin(o) }));
  const wrong = origins.find((o) => o.origin === null);
  if (wrong || origins.length > 50) ctx.addIssue({ code: 'custom', message: ORIGIN_FORMAT });
  return [...new Set(origins.map((o) => o.origin ?? ''))];
});

/** `obchod <obchod@obchod.sk>` or a bare address. */
export const senderSchema = z
  .string()
  .trim()
  .max(200, { error: SENDER_FORMAT })
  .refine((text) => text === '' || /^([^<>@\r\n]{1,100}\s)?<?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/.test(text), { error: SENDER_FORMAT });

export const optionalEmailSchema = z.union([z.literal(''), z.string().trim().toLowerCase().pipe(z.email({ error: EMAIL_FORMAT }))]);

/** The shops' host names and public origins (one form for both shops). */
export const shopAddressesSchema = z
  .object({
    skHosts: hostsSchema,
    czHosts: hostsSchema,
    skOrigin: originSchema,
    czOrigin: originSchema,
  })
  .superRefine((value, ctx) => {
    const shared = value.skHosts.find((h) => value.czHosts.includes(h));
    if (shared) ctx.addIssue({ code: 'custom', path: ['czHosts'], message: msg('Ten istý hostiteľ nemôže patriť obom obchodom') });
  });

export const partnersSchema = z.object({ origins: originListSchema });

export const mailSchema = z.object({ from: senderSchema, operator: optionalEmailSchema });

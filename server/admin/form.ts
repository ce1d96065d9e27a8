import type { I18n } from '@lingui/core';
import type { Context } from 'hono';
import type { z } from 'zod';
import { readBody } from '../http/body';
import { msg } from '../i18n/msg';
import type { AdminEnv } from './env';

/**
 * Back-office forms: one zod schema per form, read through the app's one body reader. A refused form
 * comes back with what was typed and a message per field, in the member's language. Messages a
 * schema does not word itself come from the issue's kind, in Slovak source text like every other.
 */
export const REQUIRED = msg('Toto pole je povinné');
export const FORMAT = msg('Nesprávny formát');
export const TOO_LONG = msg('Text je príliš dlhý');
export const CHOOSE = msg('Vyberte jednu z možností');

function defaultMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'too_small':
      return REQUIRED;
    case 'too_big':
      return TOO_LONG;
    case 'invalid_value':
      return CHOOSE;
    case 'invalid_type':
      return issue.input === undefined ? REQUIRED : FORMAT;
    default:
      return FORMAT;
  }
}

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** Validates input with the form's schema; the first message of each field, translated. */
export function checkForm<S extends z.ZodType>(schema: S, input: unknown, i18n: I18n): FormResult<z.output<S>> {
  const parsed = schema.safeParse(input, { error: defaultMessage });
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_form';
    errors[field] ??= i18n._(issue.message);
  }
  return { ok: false, errors };
}

/** The fields of a posted form as text (repeated names joined by newlines, files dropped). */
export async function formFields(c: Context<AdminEnv>): Promise<Record<string, string>> {
  const body = await readBody(c);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string' && name !== '_csrf') fields[name] = value;
  return fields;
}

/** The page's message after a post/redirect/get: `?ok=<key>` names one of the route's own texts. */
export function noticeOf(c: Context<AdminEnv>, notices: Record<string, string>): string | null {
  const key = c.req.query('ok');
  return key && Object.hasOwn(notices, key) ? c.get('i18n')._(notices[key]) : null;
}

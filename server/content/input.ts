import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../http/env';
import { ProblemError, ValidationError } from '../http/problem';
import { msg } from '../i18n/msg';

/** Query parameters; a repeated one keeps every value. */
export function readQuery(c: Context<AppEnv>): Record<string, unknown> {
  const all = c.req.queries();
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
}

/** Validates input against a schema; every bad field answers 400 with a message of its own. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, messages: Record<string, string> = {}): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= messages[field] ?? msg('Neplatná hodnota');
  }
  throw new ValidationError(errors);
}

/** A path id; anything but a positive integer is a page that does not exist. */
export function pathId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw new ProblemError(404, msg('Záznam neexistuje'));
  const id = Number(raw);
  if (id < 1 || id > 2_147_483_647) throw new ProblemError(404, msg('Záznam neexistuje'));
  return id;
}

import { requestHeader } from '../http/request-header';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../http/env';
import { ProblemError, ValidationError } from '../http/problem';
import { requestText } from '../http/request-body';
import { MAX_BODY_BYTES } from '../http/body-limit';
import { msg } from '../i18n/msg';

/**
 * The fields of a call as the spec's clients send them: JSON, urlencoded or multipart form data (a
 * repeated field, or "name[]", becomes a list). GET calls read the query string the same way.
 */
export async function readInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (c.req.method === 'GET') return normalise(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
  const type = (requestHeader(c, 'content-type') ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(await requestText(c, MAX_BODY_BYTES));
    } catch (error) {
      if (error instanceof ProblemError) throw error;
      throw new ValidationError({ body: msg('Telo požiadavky nie je platný JSON') });
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ValidationError({ body: msg('Telo požiadavky nie je platný JSON') });
    return normalise(Object.entries(body));
  }
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody({ all: true });
    return normalise(Object.entries(form).filter(([, v]) => typeof v === 'string' || Array.isArray(v)));
  }
  return {};
}

function normalise(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries.map(([k, v]) => [k.endsWith('[]') ? k.slice(0, -2) : k, v]));
}

/** Validates against a schema; each bad field answers 400 with its own message (problem+json). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'body')] ??= issue.message;
  throw new ValidationError(errors);
}

import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../http/env';
import { ValidationError } from '../http/problem';
import { readBody } from '../http/body';

/**
 * The fields of a call as the spec's clients send them: JSON, urlencoded or multipart form data (a
 * repeated field, or "name[]", becomes a list). GET calls read the query string the same way.
 */
export async function readInput(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (c.req.method === 'GET') return normalise(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
  return normalise(Object.entries(await readBody(c, { all: true })));
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

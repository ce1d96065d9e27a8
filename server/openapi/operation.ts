import { z } from 'zod';

/**
 * One documented API call. Request bodies and query strings are the zod schemas the routes
 * validate with (the domains' *.schemas.ts), turned into JSON Schema by zod itself
 * (openapi.api.ts), so the description cannot drift from what is checked. Calls whose input is
 * read field by field say FORM; responses are described in words (errors are problem+json).
 */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** The call changes state: the CSRF token (or the browser's Fetch Metadata) is required. */
  csrf?: boolean;
  body?: z.ZodType | typeof FORM;
  /** A schema of the query string, or its parameter names. */
  query?: z.ZodType | string[];
  headers?: string[];
  responses: Record<number, string>;
}

/** A body read field by field (form data or JSON) without one schema of its own. */
export const FORM = 'form';

export const OK = 'OK';
export const BAD_INPUT = 'Invalid input: `errors` names each bad field.';
export const SIGNED_OUT = 'Not signed in.';
export const NO_TOKEN = 'Missing or wrong CSRF token.';

export function op(method: Operation['method'], path: string, summary: string, rest: Omit<Operation, 'method' | 'path' | 'summary'>): Operation {
  return { method, path, summary, ...rest };
}

import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { msg } from '../i18n/msg';
import { MAX_BODY_BYTES } from './body-limit';
import { isReadableType, mediaTypeOf, parseBodyBytes, type FormEntry, type ParsedBody } from './body-parse';
import type { AppEnv } from './env';
import { ProblemError } from './problem';
import { requestBytes } from './request-body';
import { requestHeader } from './request-header';

/**
 * The one reader of request bodies (issue 17, docs/decisions/212): JSON, urlencoded or multipart
 * form data, read and parsed once per request and shared by the CSRF check and the handler. A body
 * that does not parse as its declared type is a MalformedBodyError (400), never a 500.
 */

/** A body that does not parse as the type it declares. */
export class MalformedBodyError extends ProblemError {
  constructor() {
    super(400, msg('Nesprávny formát požiadavky'));
  }
}

export interface ReadOptions {
  /** Every value of a repeated field as a list; without it the last one wins (a name ending in "[]" is always a list). */
  all?: boolean;
  /** Keep multipart file parts (as File); without it only text fields come back, so no route meets a File it does not expect. */
  files?: boolean;
}

const NO_FIELDS: ParsedBody = { kind: 'form', entries: [] };
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Keyed by the request's Context: one parse per request, nothing kept after it.
const parsed = new WeakMap<Context, Promise<ParsedBody>>();

function parsedBody(c: Context): Promise<ParsedBody> {
  let body = parsed.get(c);
  if (!body) {
    body = parse(c);
    parsed.set(c, body);
  }
  return body;
}

async function parse(c: Context): Promise<ParsedBody> {
  if (!BODY_METHODS.has(c.req.method)) return NO_FIELDS;
  const contentType = requestHeader(c, 'content-type') ?? '';
  // Other types carry no fields the shop reads (under /api/ they were answered 415 already).
  if (!isReadableType(mediaTypeOf(contentType))) return NO_FIELDS;
  try {
    // A route that takes larger bodies (claim photos) says so with the limit it set (server/app.ts).
    const bytes = await requestBytes(c, (c.var as { bodyLimit?: number }).bodyLimit ?? MAX_BODY_BYTES);
    // No body is no fields, whatever the type says: the route's own validation decides.
    if (bytes.length === 0) return NO_FIELDS;
    return await parseBodyBytes(bytes, contentType);
  } catch (error) {
    // 413 stays 413; a parse error, or a body that broke off while it was read, is the client's 400.
    if (error instanceof ProblemError) throw error;
    throw new MalformedBodyError();
  }
}

/**
 * The request's fields: a JSON object's properties, or a form's fields. A fresh object each call, so
 * a handler that changes it changes nothing for another reader.
 */
export async function readBody(c: Context, options: ReadOptions = {}): Promise<Record<string, unknown>> {
  const body = await parsedBody(c);
  return body.kind === 'json' ? { ...body.value } : formFields(body.entries, options);
}

/** As Hono's parseBody shapes a form (a null-prototype object, so a field named "__proto__" is only a field). */
function formFields(entries: FormEntry[], { all = false, files = false }: ReadOptions): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null);
  for (const [name, value] of entries) {
    if (!files && typeof value !== 'string') continue;
    const list = name.endsWith('[]');
    if (!all && !list) {
      fields[name] = value;
      continue;
    }
    const before = fields[name];
    if (before === undefined) fields[name] = list ? [value] : value;
    else if (Array.isArray(before)) before.push(value);
    else fields[name] = [before, value];
  }
  return fields;
}

/**
 * Parses the body of every state-changing request before any route runs: a malformed body is a 400
 * on every route, also on one whose handler ignores its body, and handlers only meet bodies that
 * parsed. Mounted after the CSRF check, so a request without its proof is a 403 first.
 */
export function wellFormedBodies() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (BODY_METHODS.has(c.req.method)) await parsedBody(c);
    await next();
  });
}

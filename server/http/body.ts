import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { msg } from '../i18n/msg';
import type { AppEnv } from './env';
import { ProblemError } from './problem';
import { requestHeader } from './request-header';

/**
 * The one reader of request bodies (docs/decisions/212): JSON, urlencoded or multipart form data,
 * read and parsed once per request and shared by the CSRF check and the handler. A body that does
 * not parse as its declared type is a MalformedBodyError (400), never a 500.
 */
export class MalformedBodyError extends ProblemError {
  constructor() {
    super(400, msg('Nesprávny formát požiadavky'));
  }
}

export const URLENCODED_TYPE = 'application/x-www-form-urlencoded';
export const MULTIPART_TYPE = 'multipart/form-data';
const JSON_TYPE = 'application/json';

/** A form's fields in the order sent; a multipart file part is a File. */
type FormEntry = [name: string, value: string | File];
export type ParsedBody = { kind: 'json'; value: Record<string, unknown> } | { kind: 'form'; entries: FormEntry[] };

export interface ReadOptions {
  /** Every value of a repeated field as a list; without it the last one wins (a name ending in "[]" is always a list). */
  all?: boolean;
  /** Keep multipart file parts (as File); without it no route meets a File it does not expect. */
  files?: boolean;
}

const NO_FIELDS: ParsedBody = { kind: 'form', entries: [] };
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** `fatal`: bytes that are not UTF-8 are a malformed body, not U+FFFD in a field; a BOM is dropped. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

export const mediaTypeOf = (contentType: string) => contentType.split(';', 1)[0].trim().toLowerCase();

/** Parses `bytes` as `contentType` says; throws on anything malformed. */
export async function parseBodyBytes(bytes: Uint8Array, contentType: string): Promise<ParsedBody> {
  const type = mediaTypeOf(contentType);
  if (type === JSON_TYPE) {
    const value: unknown = JSON.parse(utf8.decode(bytes));
    // Every caller expects named fields: a list, a string or null at the top is as wrong as bad syntax.
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('JSON body is not an object');
    return { kind: 'json', value: value as Record<string, unknown> };
  }
  // Stricter than WHATWG's parser, which keeps `%zz` and turns a cut UTF-8 sequence into U+FFFD:
  // no browser sends either, and decodeURIComponent refuses both.
  const decode = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));
  if (type === URLENCODED_TYPE) {
    const pairs = utf8.decode(bytes).split('&').filter((pair) => pair !== '');
    return { kind: 'form', entries: pairs.map((pair) => pair.split('=')).map(([name, ...value]) => [decode(name), decode(value.join('='))]) };
  }
  if (type !== MULTIPART_TYPE) throw new TypeError(`no fields in ${type}`);
  // undici's parser refuses a missing boundary, a cut body, nameless parts and bytes outside parts.
  // The media type in lower case, as undici matches it; the boundary is case-sensitive and kept.
  const headers = { 'content-type': contentType.replace(/^[^;]+/, (media) => media.trim().toLowerCase()) };
  return { kind: 'form', entries: [...(await new Response(bytes as Uint8Array<ArrayBuffer>, { headers }).formData()).entries()] };
}

/**
 * The body's bytes, from Node's request when nothing has touched it: through `c.req` the adapter
 * first builds a WHATWG Request, ~100 µs for a small JSON body (decision 175). The body limit
 * (server/app.ts) was applied before: by Content-Length, which Node's parser holds the body to, or
 * by hono's bodyLimit on a chunked body, which reads through the Request (the fallback here).
 */
function requestBytes(c: Context): Promise<Uint8Array> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.readableFlowing !== null || incoming.readableEnded) return c.req.arrayBuffer().then((bytes) => new Uint8Array(bytes));
  // Chunks as they come: node:stream/consumers' buffer() reads through a Blob, ~15 % of a small POST.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk)).once('end', () => resolve(Buffer.concat(chunks))).once('error', reject);
  });
}

// On the request's Context: one parse per request, nothing kept after it (a WeakMap by Context
// cost an ephemeron entry per request for the collector).
function parsedBody(c: Context): Promise<ParsedBody> {
  const vars = c as Context<AppEnv>;
  let body = vars.get('parsedBody');
  if (!body) vars.set('parsedBody', (body = parse(c)));
  return body;
}

async function parse(c: Context): Promise<ParsedBody> {
  const contentType = requestHeader(c, 'content-type') ?? '';
  // Other types carry no fields the shop reads (under /api/ they were answered 415 already).
  if (!BODY_METHODS.has(c.req.method) || ![JSON_TYPE, URLENCODED_TYPE, MULTIPART_TYPE].includes(mediaTypeOf(contentType))) return NO_FIELDS;
  try {
    const bytes = await requestBytes(c);
    // No body is no fields, whatever the type says: the route's own validation decides.
    return bytes.length === 0 ? NO_FIELDS : await parseBodyBytes(bytes, contentType);
  } catch (error) {
    // 413 stays 413; a parse error, or a body that broke off while it was read, is the client's 400.
    throw error instanceof ProblemError ? error : new MalformedBodyError();
  }
}

/** The request's fields, a fresh object each call: a JSON object's properties or a form's fields. */
export async function readBody(c: Context, { all = false, files = false }: ReadOptions = {}): Promise<Record<string, unknown>> {
  const body = await parsedBody(c);
  if (body.kind === 'json') return { ...body.value };
  // As Hono's parseBody shapes a form: a null-prototype object, so "__proto__" is only a field.
  const fields: Record<string, unknown> = Object.create(null);
  for (const [name, value] of body.entries) {
    if (!files && typeof value !== 'string') continue;
    const list = name.endsWith('[]');
    const before = fields[name];
    if ((!all && !list) || before === undefined) fields[name] = list ? [value] : value;
    else if (Array.isArray(before)) before.push(value);
    else fields[name] = [before, value];
  }
  return fields;
}

/**
 * Parses the body of every state-changing request before any route runs (after the CSRF check, so
 * an unproven request is a 403 first): a malformed body is a 400 on every route.
 */
export function wellFormedBodies() {
  return createMiddleware<AppEnv>((c, next) => (BODY_METHODS.has(c.req.method) ? parsedBody(c).then(() => next()) : next()));
}

/**
 * The three body types the shop reads, parsed strictly from the bytes: anything a browser or our API
 * client would not send throws, and server/http/body.ts turns every throw into one 400. Pure, so the
 * rules are tested without a request.
 */

export const JSON_TYPE = 'application/json';
export const URLENCODED_TYPE = 'application/x-www-form-urlencoded';
export const MULTIPART_TYPE = 'multipart/form-data';

/** A form's fields in the order sent; a multipart file part is a File. */
export type FormEntry = [name: string, value: string | File];

export type ParsedBody = { kind: 'json'; value: Record<string, unknown> } | { kind: 'form'; entries: FormEntry[] };

/** `fatal`: bytes that are not UTF-8 are a malformed body, not U+FFFD in a field; a BOM is dropped. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';', 1)[0].trim().toLowerCase();
}

/** Whether the shop reads fields from a body of this media type (other types carry none). */
export function isReadableType(mediaType: string): boolean {
  return mediaType === JSON_TYPE || mediaType === URLENCODED_TYPE || mediaType === MULTIPART_TYPE;
}

/** Parses `bytes` as `contentType` says; throws on anything malformed. */
export async function parseBodyBytes(bytes: Uint8Array, contentType: string): Promise<ParsedBody> {
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === JSON_TYPE) return { kind: 'json', value: jsonObject(bytes) };
  if (mediaType === URLENCODED_TYPE) return { kind: 'form', entries: urlencoded(utf8.decode(bytes)) };
  if (mediaType === MULTIPART_TYPE) return { kind: 'form', entries: await multipart(bytes, contentType) };
  throw new TypeError(`no fields in ${mediaType}`);
}

/** Every caller expects named fields: a list, a string or null at the top is as wrong as bad syntax. */
function jsonObject(bytes: Uint8Array): Record<string, unknown> {
  const value: unknown = JSON.parse(utf8.decode(bytes));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('JSON body is not an object');
  return value as Record<string, unknown>;
}

/**
 * application/x-www-form-urlencoded, stricter than WHATWG's parser, which keeps `%zz` as text and
 * turns a cut UTF-8 sequence into U+FFFD: a browser never sends either, so they are refused
 * (decodeURIComponent throws on both) rather than stored as garbage.
 */
export function urlencoded(text: string): FormEntry[] {
  const entries: FormEntry[] = [];
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    const value = eq === -1 ? '' : pair.slice(eq + 1);
    entries.push([decodeComponent(name), decodeComponent(value)]);
  }
  return entries;
}

function decodeComponent(text: string): string {
  return decodeURIComponent(text.includes('+') ? text.replaceAll('+', ' ') : text);
}

/**
 * multipart/form-data through the platform's parser (undici), which refuses a missing or empty
 * boundary, a body cut short, parts without a name and bytes outside the parts. Text parts it
 * decodes leniently, as browsers send them; file parts stay bytes.
 */
async function multipart(bytes: Uint8Array, contentType: string): Promise<FormEntry[]> {
  // The media type in lower case, as undici matches it; the boundary is case-sensitive and kept.
  const type = contentType.replace(/^[^;]+/, (media) => media.trim().toLowerCase());
  // A Node Buffer may sit on a shared pool's ArrayBuffer; Response copies just the view either way.
  const form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  return [...form.entries()];
}

import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import { requestHeader } from '../http/request-header';
import { msg } from '../i18n/msg';
import type { SentPhoto } from './claim-photos';

/** The claim form as sent: its text fields (first value of each) and its photo files. */
export interface ClaimForm {
  fields: Record<string, string>;
  photos: SentPhoto[];
}

export const MALFORMED = msg('Nesprávny formát požiadavky');

/** A file's name for messages: no folders, no control characters, not endless. */
const fileName = (name: string, index: number) => name.replace(/^.*[\\/]/, '').replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 80) || `#${index + 1}`;

/**
 * The one body reader of the claim routes: JSON or either form encoding, `photos` file parts
 * included (a file input left empty sends a nameless empty part, which is no photo). A body that
 * does not parse is a 400, never a 500. To be swapped for the app's shared reader.
 */
export async function readClaimForm(c: Context<AppEnv>): Promise<ClaimForm> {
  const type = (requestHeader(c, 'content-type') ?? '').toLowerCase();
  let entries: [string, unknown][] = [];
  try {
    if (type.startsWith('application/json')) {
      const body: unknown = await c.req.json();
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new TypeError('not an object');
      entries = Object.entries(body);
    } else if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
      entries = [...(await c.req.formData()).entries()];
    }
  } catch {
    throw new ProblemError(400, MALFORMED);
  }
  const fields: Record<string, string> = {};
  const photos: SentPhoto[] = [];
  for (const [key, value] of entries) {
    if (value instanceof Blob) {
      if (key !== 'photos' || (value.size === 0 && !(value instanceof File && value.name))) continue;
      photos.push({ name: fileName(value instanceof File ? value.name : '', photos.length), bytes: new Uint8Array(await value.arrayBuffer()) });
    } else if ((typeof value === 'string' || typeof value === 'number') && !(key in fields)) {
      fields[key] = String(value).slice(0, 10_000);
    }
  }
  return { fields, photos };
}

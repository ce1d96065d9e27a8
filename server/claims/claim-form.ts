import type { Context } from 'hono';
import { readBody } from '../http/body';
import type { AppEnv } from '../http/env';
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
 * The claim routes' view of the body, through the app's one reader (server/http/body.ts): JSON or
 * either form encoding, `photos` file parts included (a file input left empty sends a nameless empty
 * part, which is no photo). A body that does not parse was a 400 before any route ran.
 */
export async function readClaimForm(c: Context<AppEnv>): Promise<ClaimForm> {
  const body = await readBody(c, { all: true, files: true });
  const fields: Record<string, string> = {};
  const photos: SentPhoto[] = [];
  for (const [key, raw] of Object.entries(body)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value instanceof Blob) {
        if (key !== 'photos' || (value.size === 0 && !(value instanceof File && value.name))) continue;
        photos.push({ name: fileName(value instanceof File ? value.name : '', photos.length), bytes: new Uint8Array(await value.arrayBuffer()) });
      } else if ((typeof value === 'string' || typeof value === 'number') && !(key in fields)) {
        fields[key] = String(value).slice(0, 10_000);
      }
    }
  }
  return { fields, photos };
}

import { z } from 'zod';
import { msg } from '../i18n/msg';

/** Spec 5: a message is a text of a signed-in viewer, with an optional name; the server is the authority. Messages are Slovak source ids. */
export const MAX_MESSAGE_LENGTH = 500;
export const MAX_NAME_LENGTH = 60;

const STREAM_UNKNOWN = msg('Stream neexistuje');

/** A stream's id as the calls send it: a positive integer, as a number or a string. */
export const streamIdField = z
  .union([z.number(), z.string().trim()], { error: STREAM_UNKNOWN })
  .transform((v) => (typeof v === 'number' ? v : /^\d{1,10}$/.test(v) ? Number(v) : NaN))
  .pipe(z.number({ error: STREAM_UNKNOWN }).int({ error: STREAM_UNKNOWN }).min(1, { error: STREAM_UNKNOWN }).max(2_147_483_647, { error: STREAM_UNKNOWN }));

/** POST /api/video-stream/message and the no-JS chat form: the text is kept as typed (shown as text, never as HTML). */
export const streamMessageSchema = z.object({
  video_stream_id: streamIdField,
  text: z
    .string({ error: msg('Napíšte správu') })
    .trim()
    .min(1, { error: msg('Napíšte správu') })
    .max(MAX_MESSAGE_LENGTH, { error: msg('Správa môže mať najviac {max} znakov.') }),
  name: z
    .string({ error: msg('Meno môže mať najviac {max} znakov.') })
    .trim()
    .max(MAX_NAME_LENGTH, { error: msg('Meno môže mať najviac {max} znakov.') })
    .optional()
    .default(''),
});
export type StreamMessageInput = z.output<typeof streamMessageSchema>;

/** POST /api/video-stream/like and /connect. */
export const streamCallSchema = z.object({ video_stream_id: streamIdField });

/** The values the messages above name. */
export const MESSAGE_LIMITS = { max: MAX_MESSAGE_LENGTH } as const;

/** One schema's result as the field errors the API and the form show (first message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return errors;
}

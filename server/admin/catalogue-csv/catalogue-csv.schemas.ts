import { z } from 'zod';
import { msg } from '../../i18n/msg';

/** The export's query: both shops' price columns, or one shop's. */
export const exportQuerySchema = z.object({ shop: z.enum(['sk', 'cz']).optional().or(z.literal('').transform(() => undefined)) });

/** The import form (the file itself is checked by content in the handler). */
export const importFormSchema = z.object({ dry_run: z.enum(['1']).optional() });

export const NO_FILE = msg('Vyberte súbor CSV');
export const NOT_CSV = msg('Súbor nie je text CSV v UTF-8');
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

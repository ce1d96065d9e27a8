/**
 * CSV for Excel as Slovak and Czech accountants open it (RFC 4180 quoting): fields separated by
 * semicolons (the list separator of their Excel), decimal commas, CRLF line ends, UTF-8 with a byte
 * order mark so Excel reads the diacritics. A text field that begins like a formula (= + - @, tab,
 * carriage return) gets a leading apostrophe, so a shopper's name cannot become a formula
 * (OWASP "CSV injection"); numbers are written as numbers.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

export type CsvValue = string | number | null;

function field(value: CsvValue): string {
  if (value === null) return '';
  let text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: CsvValue[]): string {
  return `${values.map(field).join(CSV_SEPARATOR)}\r\n`;
}

/** Minor units as a decimal amount (1290 → 12,9 in the file; Excel shows it with the column's format). */
export const amount = (minor: number): number => minor / 100;

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

/**
 * A CSV file written as a stream of batches read by keyset: `next(last)` reads the rows after the
 * previous batch's last row (undefined first), `size` at most; a shorter batch is the last. Each
 * batch is one short statement, so a file of 100,000 rows never sits in memory at once.
 */
export function csvStream<Row>(header: CsvValue[], size: number, next: (last: Row | undefined) => Row[], line: (row: Row) => CsvValue[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let text = started ? '' : CSV_BOM + csvLine(header);
      started = true;
      const rows = next(last);
      for (const row of rows) text += csvLine(line(row));
      if (text) controller.enqueue(encoder.encode(text));
      if (rows.length < size) controller.close();
      else last = rows[rows.length - 1];
    },
  });
}

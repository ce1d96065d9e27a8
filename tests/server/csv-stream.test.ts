import { describe, expect, it } from 'vitest';
import { csvStream } from '../../server/admin/orders/csv';

/** The rows after `last` (by id), `size` at most, as a keyset read does; `reads` counts the calls. */
function table(count: number, size: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `riadok ${i + 1}` }));
  const reads: (number | undefined)[] = [];
  const next = (last: { id: number } | undefined) => {
    reads.push(last?.id);
    return rows.filter((r) => r.id > (last?.id ?? 0)).slice(0, size);
  };
  return { next, reads };
}

const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe('csvStream: the exports of orders and products, batch after batch', () => {
  it('writes the BOM and the header once, then every row in order across batches, each batch after the last row of the one before', async () => {
    const { next, reads } = table(7, 3);
    const csv = await text(csvStream(['Id', 'Názov'], 3, next, (r) => [r.id, r.name]));
    // Response.text() decodes UTF-8 and drops the BOM; the bytes keep it.
    expect(csv.split('\r\n')).toEqual(['Id;Názov', ...Array.from({ length: 7 }, (_, i) => `${i + 1};riadok ${i + 1}`), '']);
    expect(reads).toEqual([undefined, 3, 6]);
    const bytes = new Uint8Array(await new Response(csvStream(['Id'], 3, table(1, 3).next, (r) => [r.id])).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('a last batch exactly full reads once more and ends on the empty one; no rows is the header alone', async () => {
    const full = table(6, 3);
    expect((await text(csvStream(['Id'], 3, full.next, (r) => [r.id]))).split('\r\n')).toEqual(['Id', '1', '2', '3', '4', '5', '6', '']);
    expect(full.reads).toEqual([undefined, 3, 6]);
    expect(await text(csvStream(['Id'], 3, table(0, 3).next, (r) => [r.id]))).toBe('Id\r\n');
  });
});

// Loaded into the bench's shop with NODE_OPTIONS=--import (tests/bench/run.ts), not by the shop:
// on SIGUSR2 it writes process.memoryUsage() as JSON to $BENCH_MEMORY_FILE, so the bench can split
// the resident set into V8's heap, buffers outside it, and the rest (malloc: SQLite, ICU, threads).
// With $BENCH_HEAP_SNAPSHOT (run.ts --heap-snapshot FILE) it then writes a heap snapshot there, for
// DevTools' Memory panel, and "$BENCH_MEMORY_FILE.snapshot" when done.
import { writeFileSync } from 'node:fs';
import { writeHeapSnapshot } from 'node:v8';

process.on('SIGUSR2', () => {
  writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify(process.memoryUsage()));
  if (!process.env.BENCH_HEAP_SNAPSHOT) return;
  writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT);
  writeFileSync(`${process.env.BENCH_MEMORY_FILE}.snapshot`, '');
});

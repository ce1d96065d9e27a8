// Loaded into the bench's shop with NODE_OPTIONS=--import (tests/bench/run.ts), not by the shop:
// on SIGUSR2 it writes process.memoryUsage() as JSON to $BENCH_MEMORY_FILE, so the bench can split
// the resident set into V8's heap, buffers outside it, and the rest (malloc: SQLite, ICU, threads).
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify(process.memoryUsage())));

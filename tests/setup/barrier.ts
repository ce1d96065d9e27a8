/** In a worker of runConcurrently (./concurrent.ts): says it is ready, then waits until all are. */
export function atBarrier(barrier: SharedArrayBuffer): void {
  const flags = new Int32Array(barrier);
  Atomics.add(flags, 0, 1);
  Atomics.wait(flags, 1, 0);
}

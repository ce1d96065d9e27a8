/**
 * @hono/node-server's request listener (tests/bench/in-process.ts) replaces the global Request and
 * Response with its light classes, as in production. Server test files share a process and module
 * graph (isolate: false in vitest.config.ts), so a file that used the listener would hand the next
 * file's app.request() the light Response, which forgets headers set after it was made once its body
 * is read. Every file starts with the runtime's own classes, kept from the first file of the process.
 */
const key = Symbol.for('obchod.tests.fetch-globals');
const holder = globalThis as unknown as Record<symbol, { Request: typeof Request; Response: typeof Response } | undefined>;
const natives = (holder[key] ??= { Request: globalThis.Request, Response: globalThis.Response });
for (const name of ['Request', 'Response'] as const) {
  if (globalThis[name] !== natives[name]) Object.defineProperty(globalThis, name, { value: natives[name] });
}

/**
 * Calls an app the way the production server does, without sockets: through @hono/node-server's
 * request listener (its lightweight Response, so a string body is written as is) with a minimal
 * request and response object. app.request() instead builds a WHATWG Response and the caller
 * decodes its body again, which costs more CPU than most pages and is not what shoppers hit.
 * The body is encoded to UTF-8 as the socket write would.
 */
import { Readable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';

type Fetch = (request: Request) => Response | Promise<Response>;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number>;
  body: Buffer;
}

export function inProcess(fetch: Fetch): (path: string, headers?: Record<string, string>, init?: { method?: string; body?: string }) => Promise<Answer> {
  const listener = getRequestListener(fetch as never);
  return (path, headers = {}, init = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const all: Record<string, string> = { host: '127.0.0.1', ...headers };
      if (init.body !== undefined) all['content-length'] = String(Buffer.byteLength(init.body));
      const rawHeaders = Object.entries(all).flat();
      let sent = false;
      const incoming = {
        method: init.method ?? 'GET',
        url: path,
        headers: all,
        rawHeaders,
        socket: { remoteAddress: '127.0.0.1', encrypted: false },
        // The adapter takes a Buffer `rawBody` as the whole body (as behind a body-parsing proxy);
        // without it, it would read this object as a stream, which it is not, and bodies arrived empty.
        ...(init.body !== undefined ? { rawBody: Buffer.from(init.body) } : {}),
        on(event: string, fn: (chunk?: Buffer) => void) {
          if (event === 'data' && init.body !== undefined && !sent) {
            sent = true;
            queueMicrotask(() => fn(Buffer.from(init.body!)));
          }
          if (event === 'end') queueMicrotask(() => queueMicrotask(() => fn()));
          return incoming;
        },
        once(event: string, fn: () => void) {
          return incoming.on(event, fn);
        },
        removeListener() {
          return incoming;
        },
        off() {
          return incoming;
        },
        resume() {},
        pause() {},
        destroy() {},
      };
      let status = 0;
      let head: Answer['headers'] = {};
      const chunks: Buffer[] = [];
      // A socket writes bytes from where they are; only text is encoded. Buffer.from(bytes) copied
      // each page once more, ~64 µs of a 66 KB page in the profile, which production never pays.
      const bytes = (chunk: string | Uint8Array) => (typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      const outgoing = {
        writable: true,
        writableFinished: false,
        headersSent: false,
        writeHead(code: number, h: Answer['headers']) {
          status = code;
          head = h;
          outgoing.headersSent = true;
          return outgoing;
        },
        write(chunk: string | Uint8Array) {
          chunks.push(bytes(chunk));
          return true;
        },
        end(chunk?: string | Uint8Array) {
          if (chunk !== undefined) chunks.push(bytes(chunk));
          outgoing.writableFinished = true;
          resolve({ status, headers: head, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) });
        },
        on() {
          return outgoing;
        },
        once() {
          return outgoing;
        },
        flushHeaders() {},
        setHeader() {},
        getHeader() {
          return undefined;
        },
        destroy(error?: Error) {
          reject(error ?? new Error('destroyed'));
        },
      };
      // A body comes as Node's does, a stream nothing has read yet: the route reads it from there
      // (server/http/body.ts), as in production, without the WHATWG Request the adapter would build.
      const request = init.body === undefined ? incoming : Object.assign(Readable.from([Buffer.from(init.body)]), { method: incoming.method, url: path, headers: all, rawHeaders, socket: incoming.socket });
      Promise.resolve(listener(request as never, outgoing as never)).catch(reject);
    });
}

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { App } from '../../server/app';

export interface SocketServer {
  port: number;
  close(): Promise<void>;
}

/** The app behind the Node adapter on a loopback port, as production serves it (the light Response, real sockets). */
export async function onSocket(app: App): Promise<SocketServer> {
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

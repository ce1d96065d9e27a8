import { parentPort, workerData } from 'node:worker_threads';
import { openDb } from '../../server/db/client';
import { orderByHash } from '../../server/orders/order-view';
import { confirmWithdrawal } from '../../server/withdrawal/withdrawal.service';
import { atBarrier } from '../setup/barrier';

/**
 * One of the concurrent confirmations of withdrawal-rules.test.ts: its own connection to the shop's
 * file, the same form (token) as every other worker, released at the same moment.
 */
const { file, hash, token, now, barrier } = workerData as { file: string; hash: string; token: string; now: number; barrier: SharedArrayBuffer };
const db = openDb(file);
const order = orderByHash(db, { id: 1, currencySymbol: '€', rounding: 5 }, hash)!;
atBarrier(barrier);
const result = confirmWithdrawal(
  db,
  { shopId: 1, order, token, name: 'Ján Novák', reason: '', locale: 'sk', quantities: new Map(order.items.map((_, index) => [index, 1])) },
  new Date(now),
);
db.$client.close();
parentPort!.postMessage(result.kind === 'confirmed' ? { kind: result.kind, publicId: result.withdrawal.publicId, created: result.created } : { kind: result.kind });

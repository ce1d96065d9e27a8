import { parentPort, workerData } from 'node:worker_threads';
import { openDb } from '../../server/db/client';
import { markOrderPaid } from '../../server/orders/order-lifecycle';
import { atBarrier } from '../setup/barrier';

/**
 * One of the concurrent payers of order-lifecycle.test.ts: its own connection to the shop's file,
 * waiting at a shared barrier so every worker calls markOrderPaid at the same moment.
 */
const { file, orderId, amount, currency, barrier } = workerData as { file: string; orderId: number; amount: number; currency: string; barrier: SharedArrayBuffer };
const db = openDb(file);
atBarrier(barrier);
const result = markOrderPaid(db, { orderId, amount, currency });
db.$client.close();
parentPort!.postMessage(result);

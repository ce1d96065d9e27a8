/**
 * The operator reads and closes claims until the back office has them:
 *   npx tsx server/claims/cli.ts list [--all]     open claims, oldest first (--all: closed ones too)
 *   npx tsx server/claims/cli.ts close R7K4MQ9XT2  the claim is settled
 * Reads DB_FILE and UPLOADS_DIR like the server does; photo paths are printed so they can be opened.
 */
import { join } from 'node:path';
import { runAsMain } from '../db/cli-main';
import type { Db } from '../db/client';
import { formatDateTime } from '../orders/order-dates';
import { claimPhotoDir } from './photo-store';

const USAGE = 'usage: claims list [--all] | close <claim number>';

interface ListedClaim {
  id: number;
  number: string;
  shop: string;
  orderNumber: string;
  documentNumber: string;
  type: string;
  email: string;
  note: string;
  createdAt: number;
  closedAt: number | null;
}

function listed(db: Db, all: boolean): ListedClaim[] {
  return db.$client
    .prepare<[number], ListedClaim>(
      `SELECT c.id, c.number, s.code AS shop, o.document_number AS orderNumber, c.document_number AS documentNumber, t.name AS type,
              o.email, c.note, c.created_at AS createdAt, c.closed_at AS closedAt
         FROM claims c JOIN orders o ON o.id = c.order_id JOIN shops s ON s.id = c.shop_id JOIN claim_types t ON t.id = c.type_id
        WHERE c.closed_at IS NULL OR ? = 1 ORDER BY c.created_at, c.id`,
    )
    .all(all ? 1 : 0);
}

const when = (ms: number) => formatDateTime(new Date(ms).toISOString());

export function runClaimsCli(db: Db, argv: string[], photoDir: string, out: (line: string) => void = console.log, now = new Date()): number {
  const [command, argument] = argv;
  if (command === 'list' && (argument === undefined || argument === '--all')) {
    const claims = listed(db, argument === '--all');
    if (claims.length === 0) out(argument ? 'No claims.' : 'No open claims.');
    const photos = db.$client.prepare<[number], { file: string }>('SELECT file FROM claim_photos WHERE claim_id = ? ORDER BY id');
    for (const c of claims) {
      const document = c.documentNumber === c.orderNumber ? '' : `, invoice ${c.documentNumber}`;
      out(`${c.number}  ${when(c.createdAt)}  ${c.shop}  order ${c.orderNumber}${document}  ${c.type}  ${c.email}${c.closedAt ? `  closed ${when(c.closedAt)}` : ''}`);
      out(`    ${c.note.replace(/\s+/g, ' ').slice(0, 200)}`);
      for (const p of photos.all(c.id)) out(`    ${join(photoDir, p.file)}`);
    }
    return 0;
  }
  if (command === 'close' && argument) {
    const number = argument.trim().toUpperCase();
    const changed = db.$client.prepare<[number, string]>('UPDATE claims SET closed_at = ? WHERE number = ? AND closed_at IS NULL').run(now.getTime(), number).changes;
    if (changed === 1) {
      out(`${number}: closed.`);
      return 0;
    }
    const exists = db.$client.prepare<[string], { id: number }>('SELECT id FROM claims WHERE number = ?').get(number);
    out(exists ? `${number}: already closed.` : `No claim ${number}.`);
    return 1;
  }
  out(USAGE);
  return 2;
}

void runAsMain(import.meta.url, (db, config, argv) => runClaimsCli(db, argv, claimPhotoDir(config.uploadsDir)));

/**
 * Operator actions until there is an admin:
 *   npx tsx server/accounts/cli.ts list-pending
 *   npx tsx server/accounts/cli.ts approve --email a@b.sk --role wholesale|seller|story
 *   npx tsx server/accounts/cli.ts points --email a@b.sk --value 200   (manual entry; --value=-50 takes back)
 *   npx tsx server/accounts/cli.ts influencer --code JANA10 --email a@b.sk [--percent 5]   (the code's influencer, ROLE_INFLUENCER)
 * Reads DB_FILE like the server does.
 */
import { parseArgs } from 'node:util';
import { runAsMain } from '../db/cli-main';
import type { Db } from '../db/client';
import { approveUser, listPending } from './accounts.service';
import { addManualPoints, pointBalance } from '../points/points.service';
import { assignInfluencer } from '../vouchers/influencer.service';

const ROLE_OF = { wholesale: 'ROLE_WHOLESALE', seller: 'ROLE_SELLER', story: 'ROLE_STORY' } as const;

export function runAccountsCli(db: Db, argv: string[], out: (line: string) => void = console.log): number {
  const [command, ...rest] = argv;
  if (command === 'list-pending') {
    const rows = listPending(db);
    if (rows.length === 0) out('No pending requests.');
    for (const row of rows) out(`${row.email}\t${row.requestedType}\t${row.createdAt.toISOString()}`);
    return 0;
  }
  if (command === 'approve') {
    const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, role: { type: 'string' } }, strict: true });
    const role = ROLE_OF[values.role as keyof typeof ROLE_OF];
    if (!values.email || !role) {
      out('usage: approve --email a@b.sk --role wholesale|seller|story');
      return 2;
    }
    const user = approveUser(db, values.email, role);
    if (!user) {
      out(`No account for ${values.email}.`);
      return 1;
    }
    out(`${user.email}: ${user.roles.join(', ')} (${user.status})`);
    return 0;
  }
  if (command === 'points') {
    const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, value: { type: 'string' } }, strict: true });
    const value = Number(values.value);
    if (!values.email || !Number.isInteger(value) || value === 0) {
      out('usage: points --email a@b.sk --value 200');
      return 2;
    }
    const user = db.$client.prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ? AND deleted_at IS NULL').get(values.email.trim().toLowerCase());
    if (!user) {
      out(`No account for ${values.email}.`);
      return 1;
    }
    if (!addManualPoints(db, { userId: user.id, value })) {
      out(`Refused: the balance would go below zero (now ${pointBalance(db, user.id)}).`);
      return 1;
    }
    out(`${values.email}: ${pointBalance(db, user.id)} points`);
    return 0;
  }
  if (command === 'influencer') {
    const { values } = parseArgs({ args: rest, options: { code: { type: 'string' }, email: { type: 'string' }, percent: { type: 'string' } }, strict: true });
    const percent = values.percent === undefined ? null : Number(values.percent);
    if (!values.code || !values.email || (percent !== null && !(Number.isInteger(percent) && percent >= 0 && percent <= 100))) {
      out('usage: influencer --code JANA10 --email a@b.sk [--percent 0..100]');
      return 2;
    }
    if (!assignInfluencer(db, values.code, values.email, percent)) {
      out(`No voucher ${values.code} or no account for ${values.email}.`);
      return 1;
    }
    out(`${values.code}: ${values.email}${percent === null ? '' : `, ${percent} %`}`);
    return 0;
  }
  out('usage: cli.ts list-pending | approve --email a@b.sk --role wholesale|seller|story | points --email a@b.sk --value 200 | influencer --code C --email a@b.sk [--percent 5]');
  return 2;
}

void runAsMain(import.meta.url, (db, _config, argv) => runAccountsCli(db, argv));

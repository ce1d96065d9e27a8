/**
 * The people who run the shop, from a shell (docs/decisions/220):
 *   npx tsx server/staff/cli.ts create-admin --email a@obchod.sk     the first admin (prints an invitation link)
 *   npx tsx server/staff/cli.ts invite --email r@obchod.sk --role editor|admin
 *   npx tsx server/staff/cli.ts list
 *   npx tsx server/staff/cli.ts disable|enable --email r@obchod.sk
 * The link opens /admin/pozvanka/…, where the person sets a password and enrols an authenticator
 * app; it works once, for three days. Every step is in the audit log as done by `cli`. Reads DB_FILE
 * like the server does; the link uses the Slovak shop's origin (SHOP_SK_ORIGIN or the stored one).
 */
import { parseArgs } from 'node:util';
import { runAsMain } from '../db/cli-main';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { CLI_ACTOR } from '../admin/audit';
import { settingsConfig } from '../settings/settings.service';
import { invitationLink } from './invitations.service';
import { inviteStaff, setMemberDisabled } from './staff-access.service';
import { staffEmailSchema } from './staff.schemas';
import { listStaff } from './staff.service';

const USAGE = 'usage: create-admin --email <e-mail> | invite --email <e-mail> --role editor|admin | list | disable|enable --email <e-mail>';

export function runStaffCli(db: Db, config: Config, argv: string[], out: (line: string) => void = console.log, now = new Date()): number {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { email: { type: 'string' }, role: { type: 'string' } } });
  } catch (error) {
    out(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command] = parsed.positionals;
  if (command === 'list') {
    for (const m of listStaff(db)) out(`${m.email}\t${m.role}\t${m.name}${m.disabledAt === null ? '' : '\tdisabled'}`);
    return 0;
  }
  const email = staffEmailSchema.safeParse(parsed.values.email ?? '');
  if (!email.success) {
    out(`--email: not an e-mail address\n${USAGE}`);
    return 2;
  }
  if (command === 'create-admin' || command === 'invite') {
    const role = command === 'create-admin' || parsed.values.role === 'admin' ? 'ROLE_ADMIN' : parsed.values.role === 'editor' ? 'ROLE_EDITOR' : null;
    if (!role) {
      out(USAGE);
      return 2;
    }
    const result = inviteStaff(db, CLI_ACTOR, { email: email.data, role, now });
    if (!result.ok) {
      out(`${email.data}: already on the staff.`);
      return 1;
    }
    out(`Invitation for ${email.data} (${role}), valid for 3 days, once:`);
    out(invitationLink(settingsConfig(config, db).origins.sk, result.token!));
    return 0;
  }
  if (command === 'disable' || command === 'enable') {
    const member = listStaff(db).find((m) => m.email === email.data);
    if (!member) {
      out(`${email.data}: not on the staff.`);
      return 1;
    }
    const result = setMemberDisabled(db, CLI_ACTOR, member.id, command === 'disable', now);
    out(result.ok ? `${email.data}: ${command}d.` : `${email.data}: ${result.error}`);
    return result.ok ? 0 : 1;
  }
  out(USAGE);
  return 2;
}

void runAsMain(import.meta.url, (db, config, argv) => runStaffCli(db, config, argv));

import { Hono } from 'hono';
import { recoveryCodesLeft, replaceRecoveryCodes } from '../../staff/recovery-codes';
import { actorOf, audited } from '../audit';
import type { AdminEnv } from '../env';
import type { AdminRender } from '../render';

export const ACCOUNT_PATH = '/admin/moj-ucet';

/**
 * /admin/moj-ucet: the member's own name, role and how many recovery codes are left, and new codes
 * (the old ones stop working). The new codes are the answer to the post itself: they are shown once
 * and exist nowhere else in plain text.
 */
export function accountAdmin(render: AdminRender) {
  const app = new Hono<AdminEnv>();

  app.get(ACCOUNT_PATH, (c) => {
    const staff = c.get('staff')!;
    return render(c, 'account', { member: staff, codesLeft: recoveryCodesLeft(c.get('deps').db, staff.id) }, { title: c.get('i18n')._('Môj účet') });
  });

  app.post(`${ACCOUNT_PATH}/kody-obnovy`, (c) => {
    const { db, clock } = c.get('deps');
    const staff = c.get('staff')!;
    const codes = audited(db, actorOf(c), clock.now(), () => ({
      value: replaceRecoveryCodes(db, staff.id),
      audit: { section: 'account', action: 'staff.recovery-codes', subject: staff.email },
    }));
    return render(c, 'recovery-codes', { codes, next: ACCOUNT_PATH, first: false }, { title: c.get('i18n')._('Kódy obnovy') });
  });

  return app;
}

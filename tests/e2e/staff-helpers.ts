import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/client';
import type { StaffRole } from '../../server/db/schema';
import { acceptInvitation } from '../../server/staff/accept-invitation';
import { runStaffCli } from '../../server/staff/cli';
import { createInvitation } from '../../server/staff/invitations.service';
import { TOTP_PERIOD_S, totpCode } from '../../server/staff/totp';

/**
 * The back office's people in the journeys (issue 20): a member enrolled with the app's own services
 * or through the invitation page, and one sign-in (password, then the second factor) for every
 * journey. Codes come from the app's TOTP module (otpauth, the same settings the server checks).
 */

export const STAFF_PASSWORD = 'Zelená lampa na stole 77';

export interface StaffMember {
  email: string;
  password: string;
  secret: string;
  /** The recovery codes shown once at enrolment; staffSignIn takes them from the front. */
  recovery: string[];
  /** The last TOTP step the server accepted (a step is never accepted twice). */
  lastStep: number;
}

const stepOf = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);
const STEP_MS = TOTP_PERIOD_S * 1000;

/**
 * The code for the member's next sign-in: the first step not yet spent and inside the server's
 * window (now or the next step), or, when both are spent, a recovery code.
 */
function nextCode(member: StaffMember): string {
  const step = Math.max(member.lastStep + 1, stepOf(new Date()));
  if (step > stepOf(new Date()) + 1) {
    const code = member.recovery.shift();
    if (!code) throw new Error(`${member.email}: both TOTP steps in the window are spent and no recovery code is left`);
    return code;
  }
  member.lastStep = step;
  return totpCode(member.secret, new Date(step * STEP_MS));
}

/**
 * A member made the way every member is, written to the running shop's DB file (WAL: safe while it
 * runs): an invitation accepted with a password and the code of the previous step, so the sign-in
 * that follows has this step and the next.
 */
export async function enrolStaff(dbFile: string, email: string, role: StaffRole = 'ROLE_ADMIN', name = 'Operátor'): Promise<StaffMember> {
  const db = openDb(dbFile);
  try {
    const earlier = new Date(Date.now() - STEP_MS);
    const { token, invitation } = createInvitation(db, { email, role, invitedBy: null, now: earlier });
    const accepted = await acceptInvitation(db, { token, name, password: STAFF_PASSWORD, code: totpCode(invitation.totpSecret, earlier), now: earlier, requestId: null });
    if (!accepted.ok) throw new Error(`invitation refused: ${JSON.stringify(accepted.errors)}`);
    return { email, password: STAFF_PASSWORD, secret: invitation.totpSecret, recovery: accepted.recoveryCodes, lastStep: stepOf(earlier) };
  } finally {
    db.$client.close();
  }
}

/** The invitation link the first admin gets from `server/staff/cli.ts create-admin`, on the running shop's origin. */
export function firstAdminLink(dbFile: string, origin: string, email: string): string {
  const db = openDb(dbFile);
  try {
    const out: string[] = [];
    const config = loadConfig({ DB_FILE: dbFile, SHOP_SK_ORIGIN: origin });
    expect(runStaffCli(db, config, ['create-admin', '--email', email], (line) => out.push(line))).toBe(0);
    return out.find((line) => line.includes('/admin/pozvanka/'))!;
  } finally {
    db.$client.close();
  }
}

/**
 * Accepts an invitation through its page as a new member would: the secret read off the page, a
 * password, the app's first code; returns the member with the recovery codes the page shows once.
 */
export async function acceptInvitationThroughPage(page: Page, link: string, who: { email: string; name: string; password?: string }): Promise<StaffMember> {
  const password = who.password ?? STAFF_PASSWORD;
  await page.goto(link);
  const secret = (await page.locator('[data-field="totp-secret"]').textContent())!.replace(/\s+/g, '');
  await page.locator('input[name="name"]').fill(who.name);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password2"]').fill(password);
  const now = new Date();
  await page.locator('input[name="code"]').fill(totpCode(secret, now));
  await page.locator('form.admin-form button[type="submit"]').click();
  await page.locator('[data-field="recovery-codes"]').waitFor();
  const recovery = await page.locator('[data-field="recovery-codes"] code').allTextContents();
  return { email: who.email, password, secret, recovery, lastStep: stepOf(now) };
}

/**
 * Signs `member` in at `origin`: e-mail and password, then the second factor (the next unspent TOTP
 * step, or a recovery code when asked or when the window's steps are spent); waits for the dashboard.
 */
export async function staffSignIn(page: Page, origin: string, member: StaffMember, options: { recoveryCode?: boolean } = {}): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await Promise.all([page.waitForURL(/\/admin\/prihlasenie\/overenie/), page.locator('form.admin-form button[type="submit"]').click()]);
  const code = options.recoveryCode ? member.recovery.shift() : nextCode(member);
  if (!code) throw new Error(`${member.email} has no recovery code left`);
  await page.locator('input[name="code"]').fill(code);
  await Promise.all([page.waitForURL((u) => u.pathname === '/admin'), page.locator('form.admin-form button[type="submit"]').click()]);
}

import { acceptInvitation } from '../../server/staff/accept-invitation';
import { createInvitation } from '../../server/staff/invitations.service';
import { totpCode } from '../../server/staff/totp';
import type { StaffRole } from '../../server/db/schema';
import { cookieValue, parseHtml } from '../setup/html';
import type { TestShop } from '../setup/test-app';

export const STAFF_PASSWORD = 'Zelená lampa na stole 77';

/** A TOTP code as an authenticator app shows it at `at` (the app's own settings: server/staff/totp.ts). */
export { totpCode };

/** Moves the shop's clock on by one TOTP step, so the next code is one not used yet. */
export function nextStep(shop: TestShop): Date {
  const next = new Date(shop.clock.now().getTime() + 30_000);
  shop.clock.set(next);
  return next;
}

export interface StaffAccount {
  id: number;
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
  role: StaffRole;
}

let counter = 0;

/** A member made the way every member is: an invitation accepted with a password and the app's first code. */
export async function createStaff(shop: TestShop, role: StaffRole, email = `staff${++counter}@obchod.sk`): Promise<StaffAccount> {
  const { token, invitation } = createInvitation(shop.db, { email, role, invitedBy: null, now: shop.clock.now() });
  const accepted = await acceptInvitation(shop.db, { token, name: `Člen ${counter}`, password: STAFF_PASSWORD, code: totpCode(invitation.totpSecret, shop.clock.now()), now: shop.clock.now(), requestId: null });
  if (!accepted.ok) throw new Error(`invitation refused: ${JSON.stringify(accepted.errors)}`);
  nextStep(shop);
  return { id: accepted.staffId, email, password: STAFF_PASSWORD, secret: invitation.totpSecret, recoveryCodes: accepted.recoveryCodes, role };
}

let address = 0;

/**
 * A browser in the back office: keeps the shopper's `sid` (the CSRF token is bound to it) and the
 * staff cookie apart, reads the token from each page's forms, and comes from its own address.
 */
export class StaffBrowser {
  sid: string | undefined;
  staff: string | undefined;
  csrf = '';
  readonly address = `10.9.${Math.floor(++address / 250)}.${address % 250}`;

  constructor(readonly shop: TestShop, readonly host = '127.0.0.1:3000') {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookies = [this.sid ? `sid=${this.sid}` : '', this.staff ? `staff=${this.staff}` : ''].filter(Boolean).join('; ');
    return { host: this.host, ...(cookies ? { cookie: cookies } : {}), ...extra };
  }

  private take(response: Response) {
    const sid = cookieValue(response, 'sid');
    if (sid !== undefined) this.sid = sid || undefined;
    const staff = cookieValue(response, 'staff');
    if (staff !== undefined) this.staff = staff || undefined;
  }

  private async read(response: Response) {
    this.take(response);
    const text = await response.text();
    const doc = (response.headers.get('content-type') ?? '').includes('text/html') ? parseHtml(text) : null;
    const token = doc?.querySelector('input[name="_csrf"]')?.getAttribute('value');
    if (token) this.csrf = token;
    return { response, status: response.status, text, doc, location: response.headers.get('location') };
  }

  env() {
    return { incoming: { socket: { remoteAddress: this.address } } };
  }

  async get(path: string, headers: Record<string, string> = {}) {
    return this.read(await this.shop.app.request(path, { headers: this.headers(headers), redirect: 'manual' }, this.env()));
  }

  /** A plain form post with the page's token, as the back office's forms send it. */
  async form(path: string, fields: Record<string, string> = {}) {
    if (!this.csrf) await this.get('/admin/prihlasenie');
    const body = new URLSearchParams({ _csrf: this.csrf, ...fields });
    return this.read(
      await this.shop.app.request(path, { method: 'POST', body, headers: this.headers({ 'content-type': 'application/x-www-form-urlencoded' }), redirect: 'manual' }, this.env()),
    );
  }

  /** Password, then the code of the next TOTP step; leaves the browser signed in. */
  async signIn(account: StaffAccount) {
    const first = await this.form('/admin/prihlasenie', { email: account.email, password: account.password });
    if (first.status !== 303) throw new Error(`password refused: ${first.status} ${first.text.slice(0, 300)}`);
    const code = totpCode(account.secret, nextStep(this.shop));
    const second = await this.form('/admin/prihlasenie/overenie', { code });
    if (second.status !== 303) throw new Error(`code refused: ${second.status} ${second.text.slice(0, 300)}`);
    return second;
  }
}

export function auditRows(shop: TestShop, action?: string) {
  return shop.db.$client
    .prepare(`SELECT staff_id AS staffId, actor, section, action, subject, before, after, request_id AS requestId FROM audit_log ${action ? 'WHERE action = ?' : ''} ORDER BY id`)
    .all(...(action ? [action] : [])) as { staffId: number | null; actor: string; section: string; action: string; subject: string; before: string | null; after: string | null; requestId: string | null }[];
}

/** A staff member of `role`, created and signed in (password and TOTP), as most back-office tests start. */
export async function signedInStaff(shop: TestShop, role: StaffRole): Promise<StaffBrowser> {
  const browser = new StaffBrowser(shop);
  await browser.signIn(await createStaff(shop, role));
  return browser;
}

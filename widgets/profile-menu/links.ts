import type { I18n } from '@lingui/core';
import type { ShopRoutes } from '../lib/defaults';
import { accountLinksFor } from '../../server/accounts/account-links';
import type { Session } from '../stores/session';

export interface ProfileLink {
  href: string;
  label: string;
  /** Unread messages by Správy. */
  count?: number;
}

/** Logged out: favourites, sign in, sign up (spec 2). */
export function anonymousLinks(i18n: I18n, routes: ShopRoutes): ProfileLink[] {
  return [
    { href: routes.favourites, label: i18n._('Obľúbené') },
    { href: routes.signIn, label: i18n._('Prihlásiť sa') },
    { href: routes.signUp, label: i18n._('Registrovať sa') },
  ];
}

/** Logged in: the account pages, then the extra pages each role opens (one table with the server's menu). Sign-out is a form (POST). */
export function accountLinks(i18n: I18n, session: Session): ProfileLink[] {
  return accountLinksFor(session.roles).map((link) => ({ href: link.href, label: i18n._(link.label), count: link.href === '/moje/spravy' ? session.unread || 0 : 0 }));
}

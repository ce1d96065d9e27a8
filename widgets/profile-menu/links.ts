import type { I18n } from '@lingui/core';
import type { ShopRoutes } from '../lib/defaults';
import { hasRole, type Session } from '../stores/session';

export interface ProfileLink {
  href: string;
  label: string;
}

/** Logged out: favourites, sign in, sign up (spec 2). */
export function anonymousLinks(i18n: I18n, routes: ShopRoutes): ProfileLink[] {
  return [
    { href: routes.favourites, label: i18n._('Obľúbené') },
    { href: routes.signIn, label: i18n._('Prihlásiť sa') },
    { href: routes.signUp, label: i18n._('Registrovať sa') },
  ];
}

/** Logged in: the account pages, then the extra pages each role opens. Sign-out is a form (POST). */
export function accountLinks(i18n: I18n, session: Session): ProfileLink[] {
  const links: ProfileLink[] = [
    { href: '/moje/konto', label: i18n._('Konto') },
    { href: '/moje/udaje', label: i18n._('Údaje') },
    { href: '/moje/objednavky', label: i18n._('Nákupy') },
    { href: '/moje/body', label: i18n._('Body') },
    { href: '/moje/kupony', label: i18n._('Kupóny') },
    { href: '/moje/oblubene', label: i18n._('Obľúbené') },
  ];
  if (hasRole(session, 'ROLE_SELLER')) {
    links.push(
      { href: '/moje/produkty', label: i18n._('Produkty') },
      { href: '/moje/predaje', label: i18n._('Predaje') },
      { href: '/moje/spravy', label: i18n._('Správy') },
      { href: '/moje/udaje-obchodu', label: i18n._('Údaje obchodu') },
    );
  }
  if (hasRole(session, 'ROLE_INFLUENCER')) links.push({ href: '/moje/influencer-kupony', label: i18n._('Influencer') });
  if (hasRole(session, 'ROLE_STORY')) links.push({ href: '/moje/raketak', label: i18n._('Rakeťák') });
  return links;
}

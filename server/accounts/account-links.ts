import { msg } from '../i18n/msg';

export interface AccountLink {
  href: string;
  /** Slovak source text; translated where it is shown. */
  label: string;
  /** The role that opens the page; none: every signed-in user. */
  role?: string;
}

/**
 * The account area's pages, in menu order, with the role that opens each (spec 2, 6): the one table
 * the header's profile menu and the account menu (templates/partials/account-menu.eta) and the
 * profile widget (widgets/profile-menu/links.ts) read. Pure, so the widget bundles it.
 */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { href: '/moje/konto', label: msg('Konto') },
  { href: '/moje/udaje', label: msg('Údaje') },
  { href: '/moje/objednavky', label: msg('Nákupy') },
  { href: '/moje/body', label: msg('Body') },
  { href: '/moje/kupony', label: msg('Kupóny') },
  { href: '/moje/oblubene', label: msg('Obľúbené') },
  // Messages with the shop: every signed-in user's (issue 21), a seller's approval notices among them.
  { href: '/moje/spravy', label: msg('Správy') },
  { href: '/moje/produkty', label: msg('Produkty'), role: 'ROLE_SELLER' },
  { href: '/moje/predaje', label: msg('Predaje'), role: 'ROLE_SELLER' },
  { href: '/moje/udaje-obchodu', label: msg('Údaje obchodu'), role: 'ROLE_SELLER' },
  { href: '/moje/influencer-kupony', label: msg('Influencer'), role: 'ROLE_INFLUENCER' },
  { href: '/moje/raketak', label: msg('Rakeťák'), role: 'ROLE_STORY' },
];

/** The links a user with these roles sees. */
export function accountLinksFor(roles: readonly string[]): AccountLink[] {
  return ACCOUNT_LINKS.filter((link) => link.role === undefined || roles.includes(link.role));
}

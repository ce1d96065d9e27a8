import type { StaffRole } from '../db/schema';
import { msg } from '../i18n/msg';

/**
 * The one table of who may open what in the back office (docs/decisions/220). The guard reads it for
 * every request under /admin (server/admin/guard.ts) and the menu reads it for the links a role sees,
 * so the two cannot disagree. A path belongs to the section with the longest matching prefix; a path
 * no section claims is for admins only, so a route added without a row here is closed, not open.
 * Sections of later phases are listed already: the guard knows them, and the menu shows one as soon
 * as the back office has a page at its path.
 */
export type SectionId =
  | 'sign-in'
  | 'dashboard'
  | 'account'
  | 'orders'
  | 'settings'
  | 'staff'
  | 'audit'
  | 'catalogue'
  | 'categories'
  | 'guides'
  | 'pages'
  | 'banners'
  | 'overlays'
  | 'selling'
  | 'customers'
  | 'approvals'
  | 'stories'
  | 'messages'
  | 'streams';

export interface Section {
  id: SectionId;
  /** The path the section owns (and everything under it); its menu link. */
  path: string;
  /** Who may open it; 'public' = anyone, signed in or not (the doors: sign-in, invitation). */
  roles: readonly StaffRole[] | 'public';
  /** The menu's label (a Slovak source text, translated at the edge); null = not in the menu. */
  label: string | null;
  /** Menu group. */
  group: 'run' | 'content' | 'people' | 'system' | null;
}

const ADMIN: readonly StaffRole[] = ['ROLE_ADMIN'];
const EVERY_STAFF: readonly StaffRole[] = ['ROLE_ADMIN', 'ROLE_EDITOR'];

export const ADMIN_ROOT = '/admin';
export const ADMIN_API = '/admin/api';

export const SECTIONS: readonly Section[] = [
  { id: 'sign-in', path: '/admin/prihlasenie', roles: 'public', label: null, group: null },
  { id: 'sign-in', path: '/admin/odhlasenie', roles: 'public', label: null, group: null },
  { id: 'sign-in', path: '/admin/pozvanka', roles: 'public', label: null, group: null },
  { id: 'dashboard', path: '/admin', roles: EVERY_STAFF, label: msg('Prehľad'), group: 'run' },
  { id: 'orders', path: '/admin/objednavky', roles: ADMIN, label: msg('Objednávky'), group: 'run' },
  { id: 'orders', path: '/admin/api/objednavky', roles: ADMIN, label: null, group: null },
  { id: 'catalogue', path: '/admin/produkty', roles: ADMIN, label: msg('Produkty'), group: 'run' },
  { id: 'selling', path: '/admin/predaj', roles: ADMIN, label: msg('Pravidlá predaja'), group: 'run' },
  // Editors: content only (guides, static pages, banners, overlays, categories' texts).
  { id: 'categories', path: '/admin/kategorie', roles: EVERY_STAFF, label: msg('Kategórie'), group: 'content' },
  // The tree's structure is the admins' (editors change categories' texts only: server/admin/catalogue/categories.admin.ts).
  { id: 'categories', path: '/admin/kategorie/nova', roles: ADMIN, label: null, group: null },
  { id: 'categories', path: '/admin/kategorie/poradie', roles: ADMIN, label: null, group: null },
  { id: 'categories', path: '/admin/kategorie/zmazat', roles: ADMIN, label: null, group: null },
  { id: 'guides', path: '/admin/navody', roles: EVERY_STAFF, label: msg('Návody'), group: 'content' },
  { id: 'pages', path: '/admin/stranky', roles: EVERY_STAFF, label: msg('Stránky'), group: 'content' },
  { id: 'banners', path: '/admin/bannery', roles: EVERY_STAFF, label: msg('Bannery'), group: 'content' },
  { id: 'overlays', path: '/admin/oznamy', roles: EVERY_STAFF, label: msg('Oznamy'), group: 'content' },
  { id: 'streams', path: '/admin/streamy', roles: ADMIN, label: msg('Živé vysielania'), group: 'content' },
  { id: 'customers', path: '/admin/zakaznici', roles: ADMIN, label: msg('Zákazníci'), group: 'people' },
  { id: 'approvals', path: '/admin/schvalovanie', roles: ADMIN, label: msg('Schvaľovanie'), group: 'people' },
  // Rakeťák's stories waiting for a word (docs/decisions/245): approvals, so admins only like the others.
  { id: 'stories', path: '/admin/pribehy', roles: ADMIN, label: msg('Príbehy'), group: 'people' },
  { id: 'messages', path: '/admin/spravy', roles: ADMIN, label: msg('Správy zákazníkov'), group: 'people' },
  { id: 'staff', path: '/admin/pristupy', roles: ADMIN, label: msg('Prístupy'), group: 'people' },
  { id: 'settings', path: '/admin/nastavenia', roles: ADMIN, label: msg('Nastavenia'), group: 'system' },
  { id: 'audit', path: '/admin/zaznam-zmien', roles: ADMIN, label: msg('Záznam zmien'), group: 'system' },
  { id: 'account', path: '/admin/moj-ucet', roles: EVERY_STAFF, label: null, group: null },
];

/** What a path under /admin falls under when no row claims it: admins only. */
const UNLISTED: Section = { id: 'dashboard', path: '', roles: ADMIN, label: null, group: null };

function owns(section: Section, path: string): boolean {
  // The dashboard owns /admin itself, not everything below it.
  if (section.path === ADMIN_ROOT) return path === ADMIN_ROOT || path === `${ADMIN_ROOT}/`;
  return path === section.path || path.startsWith(`${section.path}/`);
}

/** The section a path belongs to: the longest prefix that owns it, else admins only. */
export function sectionOf(path: string): Section {
  let best: Section | undefined;
  for (const section of SECTIONS) if (owns(section, path) && (!best || section.path.length > best.path.length)) best = section;
  return best ?? UNLISTED;
}

export function mayOpen(role: StaffRole | null, section: Section): boolean {
  if (section.roles === 'public') return true;
  return role !== null && section.roles.includes(role);
}

/** A section's id by name, for code that checks a role outside a request's path (the dashboard's panels). */
export function sectionById(id: SectionId): Section {
  const section = SECTIONS.find((s) => s.id === id && s.label !== null);
  if (!section) throw new Error(`no menu section ${id}`);
  return section;
}

export interface MenuLink {
  id: SectionId;
  path: string;
  label: string;
  group: NonNullable<Section['group']>;
}

/**
 * The links a role sees: the sections it may open that have a page at their path (`pages`, the
 * back office's GET routes), in the table's order.
 */
export function menuFor(role: StaffRole, pages: ReadonlySet<string>): MenuLink[] {
  return SECTIONS.filter((s) => s.label !== null && s.group !== null && mayOpen(role, s) && pages.has(s.path)).map((s) => ({
    id: s.id,
    path: s.path,
    label: s.label!,
    group: s.group!,
  }));
}

import { atom } from 'nanostores';
import { getDefaults } from '../lib/defaults';

export type Role = 'ROLE_CONSUMER' | 'ROLE_WHOLESALE' | 'ROLE_SELLER' | 'ROLE_STORY' | 'ROLE_INFLUENCER';

export interface Session {
  isLogged: boolean;
  username: string | null;
  roles: string[];
  csrf: string;
  /** Received messages not yet read (Správy's count). */
  unread?: number;
}

export function sessionFromDefaults(): Session {
  const d = getDefaults();
  return { isLogged: d.isLogged, username: d.loggedUsername, roles: d.loggedRoles, csrf: d.csrf, unread: d.unreadMessages ?? 0 };
}

export const $session = atom<Session>(sessionFromDefaults());

export function setSession(session: Session): void {
  $session.set(session);
}

/** The spec shows the part of the login name before the at-sign. */
export function displayName(username: string | null): string | null {
  const name = username?.split('@')[0]?.trim();
  return name ? name : null;
}

export function hasRole(session: Session, role: Role): boolean {
  return session.roles.includes(role);
}

import { useLingui } from '@lingui/react';
import { useStore } from '@nanostores/react';
import { getDefaults } from '../lib/defaults';
import { $session } from '../stores/session';
import { accountLinks, anonymousLinks } from './links';

/** The list inside the popover or the drawer. */
export function ProfileLinks() {
  const { i18n } = useLingui();
  const session = useStore($session);
  const { routes } = getDefaults();
  const links = session.isLogged ? accountLinks(i18n, session) : anonymousLinks(i18n, routes);
  return (
    <nav className="profile-menu__nav" aria-label={i18n._('Profil')}>
      <ul className="profile-menu__links">
        {links.map((link) => (
          <li key={link.href}>
            <a className="profile-menu__link" href={link.href}>
              {link.label}
              {link.count ? (
                <>
                  <span className="account-menu__count" data-unread>
                    {link.count}
                  </span>
                  <span className="visually-hidden"> {i18n._('neprečítané')}</span>
                </>
              ) : null}
            </a>
          </li>
        ))}
        {session.isLogged && (
          <li>
            {/* A state change: POST with the CSRF field, so a foreign page cannot sign anyone out. */}
            <form className="profile-menu__sign-out" method="post" action={routes.signOut}>
              <input type="hidden" name="_csrf" value={session.csrf} />
              <button type="submit" className="profile-menu__link">
                {i18n._('Odhlásiť sa')}
              </button>
            </form>
          </li>
        )}
      </ul>
    </nav>
  );
}

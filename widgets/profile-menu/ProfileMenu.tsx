import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../lib/define';
import { useWidgetId } from '../lib/ids';
import { $session, displayName } from '../stores/session';
import { Drawer } from '../ui/Drawer';
import { Icon } from '../ui/icons';
import { useDismiss } from '../ui/useDismiss';
import { DESKTOP_QUERY, useMediaQuery } from '../ui/useMediaQuery';
import { ProfileLinks } from './ProfileLinks';

/** The header's profile button: a popover from 576 px up, a drawer on phones (spec 2). */
export function ProfileMenu({ fallbackOpen }: WidgetProps<object>) {
  const { i18n } = useLingui();
  const session = useStore($session);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // Loaded on first interaction: if the <details> fallback already opened, stay open.
  const [open, setOpen] = useState(fallbackOpen);
  const panelId = useWidgetId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const name = (session.isLogged && displayName(session.username)) || i18n._('Profil');

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  useDismiss(open && desktop, box, close);

  return (
    <div ref={box} className={open ? 'profile-menu profile-menu--open' : 'profile-menu'}>
      <button
        ref={button}
        type="button"
        className="profile-menu__button"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <Icon name="user" className="profile-menu__icon" />
        <span className="profile-menu__name">{name}</span>
      </button>
      {open &&
        (desktop ? (
          <div id={panelId} className="profile-menu__panel profile-menu__panel--popover">
            <ProfileLinks />
          </div>
        ) : (
          <Drawer id={panelId} label={name} className="profile-menu__drawer" onClose={() => setOpen(false)} returnFocus={button}>
            <button type="button" className="drawer__close" aria-label={i18n._('Zavrieť')} onClick={() => setOpen(false)}>
              <Icon name="close" />
            </button>
            <ProfileLinks />
          </Drawer>
        ))}
    </div>
  );
}

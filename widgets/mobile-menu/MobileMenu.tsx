import { useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { getDefaults } from '../lib/defaults';
import { useWidgetId } from '../lib/ids';
import { Drawer } from '../ui/Drawer';
import { Icon } from '../ui/icons';
import { MenuLevel } from './MenuLevel';
import { readMenu, type MenuNode } from './menu';

/** Phones (below 576 px): a hamburger opening a drawer with a drill-down category menu and search. */
export function MobileMenu({ fallbackOpen }: WidgetProps<object>) {
  const { i18n } = useLingui();
  // The header's mega menu is parsed before this widget loads (on the first tap), so it is there.
  const menu = useMemo(() => readMenu(document), []);
  // Loaded on first interaction: if the <details> fallback already opened, stay open.
  const [open, setOpen] = useState(fallbackOpen);
  const [path, setPath] = useState<MenuNode[]>([]);
  const drawerId = useWidgetId();
  const button = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  const { routes } = getDefaults();
  const parent = path[path.length - 1];
  const label = i18n._('Menu');

  const go = (next: MenuNode[]) => {
    moved.current = true;
    setPath(next);
  };
  const close = () => {
    moved.current = false;
    setOpen(false);
    setPath([]);
  };

  return (
    <div className="mobile-menu">
      <button
        ref={button}
        type="button"
        className="mobile-menu__toggle"
        aria-label={label}
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? drawerId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Icon name="menu" />
      </button>
      {open && (
        <Drawer id={drawerId} label={label} className="mobile-menu__drawer" onClose={close} returnFocus={button}>
          <div className="mobile-menu__bar">
            {parent && (
              <button type="button" className="mobile-menu__back" onClick={() => go(path.slice(0, -1))}>
                <Icon name="back" /> {i18n._('Späť')}
              </button>
            )}
            <a className="mobile-menu__home" href={routes.home}>
              <Icon name="home" /> {i18n._('Domov')}
            </a>
            <button type="button" className="drawer__close" aria-label={i18n._('Zavrieť')} onClick={close}>
              <Icon name="close" />
            </button>
          </div>
          <form className="mobile-menu__search" role="search" method="get" action={routes.search}>
            <input type="search" name="q" className="mobile-menu__query" placeholder={i18n._('Hľadať produkty')} aria-label={i18n._('Hľadať produkty')} />
            <button type="submit" className="mobile-menu__submit" aria-label={i18n._('Hľadať')}>
              <Icon name="search" />
            </button>
          </form>
          <nav className="mobile-menu__nav" aria-label={i18n._('Kategórie')}>
            <MenuLevel
              key={parent ? path.map((node) => node.url).join(' ') : 'root'}
              parent={parent}
              groups={parent ? [parent.children] : [menu.product, menu.blog].filter((group) => group.length > 0)}
              focusFirst={moved.current}
              onOpen={(node) => go([...path, node])}
            />
          </nav>
        </Drawer>
      )}
    </div>
  );
}

import { useLayoutEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import type { MenuNode } from './menu';

interface MenuLevelProps {
  /** The entry drilled into; none at the root. */
  parent?: MenuNode;
  groups: MenuNode[][];
  /** After a drill-down or back: the pressed button is gone, so focus the new level's first item. */
  focusFirst: boolean;
  onOpen: (node: MenuNode) => void;
}

/** One level of the drill-down: entries with children open the next level, the rest are links. */
export function MenuLevel({ parent, groups, focusFirst, onOpen }: MenuLevelProps) {
  const { i18n } = useLingui();
  const list = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (focusFirst) list.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [focusFirst]);

  return (
    <div ref={list} className="mobile-menu__level">
      {parent && <p className="mobile-menu__title">{parent.name}</p>}
      {groups.map((nodes, index) => (
        <ul key={index} className="mobile-menu__list">
          {index === 0 && parent && (
            <li>
              <a className="mobile-menu__item mobile-menu__item--all" href={parent.url}>
                {i18n._('Všetko z {name}', { name: parent.name })}
              </a>
            </li>
          )}
          {nodes.map((node, at) => (
            <li key={`${at}:${node.url}`}>
              {node.children.length > 0 ? (
                <button type="button" className="mobile-menu__item mobile-menu__item--parent" onClick={() => onOpen(node)}>
                  {node.name}
                </button>
              ) : (
                <a className="mobile-menu__item" href={node.url}>
                  {node.name}
                </a>
              )}
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}

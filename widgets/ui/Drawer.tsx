import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { focusables, holdFocus } from './focus';

interface DrawerProps {
  id?: string;
  label: string;
  className?: string;
  onClose: () => void;
  /** Where focus goes back when the drawer closes (the button that opened it). */
  returnFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal side panel for phones: rendered at the end of <body> (a transformed or filtered header
 * would otherwise trap `position: fixed`), focus moves in and is trapped, Escape or a tap on the
 * backdrop closes, and focus returns to the opener.
 */
export function Drawer({ id, label, className, onClose, returnFocus, children }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    return holdFocus(element, { first: focusables(element)[0], opener: returnFocus.current, close: () => close.current(), pageClass: 'drawer-open' });
  }, [returnFocus]);

  return createPortal(
    <div className="drawer-layer">
      <div className="drawer__backdrop" onClick={() => close.current()} />
      <div ref={panel} id={id} className={className ? `drawer ${className}` : 'drawer'} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1}>
        {children}
      </div>
    </div>,
    document.body,
  );
}

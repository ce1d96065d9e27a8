import type { OverlayMessage } from './plan';

/** Where a popover's box goes: viewport coordinates next to the target; CSS shifts it to the side. */
export function place(rect: DOMRect, position: string): { top: number; left: number } {
  const gap = 8;
  if (position === 'top' || position.startsWith('top-')) return { top: rect.top - gap, left: rect.left };
  if (position === 'left') return { top: rect.top, left: rect.left - gap };
  if (position === 'right') return { top: rect.top, left: rect.right + gap };
  return { top: rect.bottom + gap, left: rect.left };
}

export function side(position: string): 'top' | 'bottom' | 'left' | 'right' {
  if (position === 'top' || position.startsWith('top-')) return 'top';
  if (position === 'left' || position === 'right') return position;
  return 'bottom';
}

/**
 * Issue 23: a popover never covers the menu. Drawn below a target in the header (the search hint),
 * its top would lie over the mega menu's first items; it goes just below the menu instead. A hidden
 * menu (phones have a drawer) has no height and changes nothing.
 */
export const clearOfMenu = (top: number, menu: { top: number; bottom: number } | null, gap = 8) =>
  menu && menu.bottom > menu.top && top < menu.bottom ? menu.bottom + gap : top;

/**
 * A targeted message's popover next to its element (spec 9). Its own chunk: the element imports it
 * only for a list that has one, so a page with toasts alone (nearly all) loads less (decision 252);
 * what only popovers need lives here, not in plan.ts (a module both import would be a third file at load).
 */
export function drawPopover(message: OverlayMessage & { target: string }, ...content: Node[]): { element: HTMLElement; stop: () => void } | null {
  let target: Element | null;
  try {
    target = document.querySelector(message.target);
  } catch {
    return null; // An editor's malformed selector must not break the page.
  }
  if (!target) return null;
  const popover = document.createElement('div');
  popover.className = `overlay-popover overlay-popover--${side(message.position)} overlay--${message.severity}`;
  popover.dataset.overlayId = String(message.id);
  popover.append(...content);
  // Set through the CSSOM (allowed by the CSP), never as a style attribute in markup.
  const follow = () => {
    const at = place(target.getBoundingClientRect(), message.position);
    const menu = side(message.position) === 'bottom' ? document.querySelector('nav.mega-menu') : null;
    popover.style.top = `${clearOfMenu(at.top, menu && menu.getBoundingClientRect())}px`;
    popover.style.left = `${at.left}px`;
  };
  follow();
  window.addEventListener('scroll', follow, { passive: true, capture: true });
  window.addEventListener('resize', follow);
  const stop = () => {
    window.removeEventListener('scroll', follow, { capture: true });
    window.removeEventListener('resize', follow);
  };
  return { element: popover, stop };
}

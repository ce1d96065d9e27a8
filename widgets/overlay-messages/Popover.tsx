import { useLayoutEffect, useState } from 'react';
import type { OverlayMessage } from './plan';

interface Place {
  top: number;
  left: number;
}

/** Viewport coordinates next to the target; CSS classes shift the box to the chosen side. */
function place(rect: DOMRect, position: string): Place {
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

/** A targeted overlay: a box anchored to the element, following it on scroll and resize. */
export function Popover({ message, target, children }: { message: OverlayMessage; target: Element; children: React.ReactNode }) {
  const [at, setAt] = useState<Place>(() => place(target.getBoundingClientRect(), message.position));
  useLayoutEffect(() => {
    const update = () => setAt(place(target.getBoundingClientRect(), message.position));
    window.addEventListener('scroll', update, { passive: true, capture: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
    };
  }, [target, message.position]);
  // Set through the CSSOM (allowed by the CSP), never as a style attribute in markup.
  return (
    <div className={`overlay-popover overlay-popover--${side(message.position)} overlay--${message.severity}`} style={{ top: `${at.top}px`, left: `${at.left}px` }} data-overlay-id={message.id}>
      {children}
    </div>
  );
}

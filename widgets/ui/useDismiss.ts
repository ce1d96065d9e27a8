import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Closes a non-modal popover on Escape (focus back to its button) or on a pointer press outside
 * `within`. Active only while `open`.
 */
export function useDismiss(open: boolean, within: RefObject<HTMLElement | null>, onClose: (returnFocus: boolean) => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current(true);
    };
    const onPointer = (event: Event) => {
      const target = event.target as Node | null;
      if (target && within.current && !within.current.contains(target)) close.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, within]);
}

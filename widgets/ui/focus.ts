const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden && !el.closest('[hidden]'));
}

/** Keeps Tab and Shift+Tab inside `container` (a modal drawer must not let focus wander behind it). */
export function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = focusables(container);
  if (items.length === 0) {
    event.preventDefault();
    container.focus();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal's keyboard while it is open (the drawer, the watchdog and pickup-point dialogs): focus
 * moves to `first` (or the panel), Escape calls `close`, Tab stays inside, `<html>` carries
 * `pageClass` (the page behind stops scrolling), and the returned cleanup gives focus back to `opener`.
 */
export function holdFocus(panel: HTMLElement, options: { first?: HTMLElement | null; opener?: HTMLElement | null; close: () => void; pageClass: string }): () => void {
  const { first, opener, close, pageClass } = options;
  (first ?? panel).focus();
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else trapTab(event, panel);
  };
  document.addEventListener('keydown', onKey);
  document.documentElement.classList.add(pageClass);
  return () => {
    document.removeEventListener('keydown', onKey);
    document.documentElement.classList.remove(pageClass);
    if (opener?.isConnected) opener.focus();
  };
}

/**
 * Links marked `data-confirm-link` (spec 7) are answered in place: a click loads the directive's
 * code only then, so pages without such a link download nothing for it.
 */
export function enableConfirmLinks(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[data-confirm-link]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    event.preventDefault();
    void import('../confirm-link/confirm-link').then(({ confirmLink }) => confirmLink(link));
  });
}

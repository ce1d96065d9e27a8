import { useEffect } from 'react';
import type { WidgetProps } from '../lib/define';

const GUIDE_HASH = /^#blog:\d{1,10}$/;

/** Which panel a hash asks for: #navody or a guide (#blog:{id}) → Návody, #tovary → Tovary, else none. */
export function tabForHash(hash: string): 'tovary' | 'navody' | null {
  if (hash === '#navody' || GUIDE_HASH.test(hash)) return 'navody';
  if (hash === '#tovary') return 'tovary';
  return null;
}

/**
 * On /moje/objednavky, beside the tab links (it draws nothing): `#blog:{id}` opens the Návody tab and
 * scrolls to that guide once it is there (spec 2), the tab links switch panels without a reload, and
 * the container's data-tab / aria-current follow. Without it the CSS :target rules do the same.
 */
export function OrderTabs({ host }: WidgetProps<object>) {
  useEffect(() => {
    const tabs = host.closest<HTMLElement>('.order-tabs');
    if (!tabs) return;
    let frame = 0;
    const show = (scroll: boolean) => {
      const hash = decodeURIComponent(window.location.hash);
      const tab = tabForHash(hash);
      if (!tab) return;
      tabs.dataset.tab = tab;
      for (const link of tabs.querySelectorAll<HTMLElement>('[data-tab-link]')) {
        if (link.dataset.tabLink === tab) link.setAttribute('aria-current', 'true');
        else link.removeAttribute('aria-current');
      }
      if (!scroll || !GUIDE_HASH.test(hash)) return;
      // Spec 2: the hash is scrolled into view once the element appears (the panel was just shown).
      let tries = 0;
      const scrollTo = () => {
        const target = document.getElementById(hash.slice(1));
        if (target) target.scrollIntoView({ block: 'start' });
        else if (++tries < 20) frame = requestAnimationFrame(scrollTo);
      };
      frame = requestAnimationFrame(scrollTo);
    };
    show(true);
    const onHash = () => show(true);
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('hashchange', onHash);
      cancelAnimationFrame(frame);
    };
  }, [host]);
  return null;
}

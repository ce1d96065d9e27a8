import { useCallback, useSyncExternalStore } from 'react';

/** Spec 9: phones are below 576 px; at and above it the header shows desktop popovers. */
export const DESKTOP_QUERY = '(min-width: 576px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia !== 'function') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => typeof matchMedia === 'function' && matchMedia(query).matches);
}

import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';

/** Spec 4 and 9: redirect 3 s after the wipe. */
export const WIPE_REDIRECT_MS = 3000;

function entries(): Record<string, string> {
  const all: Record<string, string> = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null) all[key] = localStorage.getItem(key) ?? '';
    }
  } catch {
    // Storage disabled: nothing to send or clear.
  }
  return all;
}

/**
 * /obnova: sends every local-storage entry to POST /api/clear (multipart, field localStorage),
 * clears local storage whatever the answer (a failed call is ignored), then goes home after 3 s.
 */
export function DataWipe(_props: WidgetProps<object>) {
  const { i18n } = useLingui();
  const [done, setDone] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    void (async () => {
      try {
        const { api } = await import('../lib/api');
        const body = new FormData();
        body.append('localStorage', JSON.stringify(entries()));
        await api.post('clear', { body });
      } catch {
        // Spec 8: a failure of the clear call is silently ignored.
      }
      try {
        localStorage.clear();
      } catch {
        // Storage disabled.
      }
      if (!live) return;
      setDone(true);
      timer = setTimeout(() => window.location.assign('/'), WIPE_REDIRECT_MS);
    })();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);

  return (
    <p className="message message--info" role="status">
      {done ? i18n._('Údaje v prehliadači sú vymazané. O chvíľu vás presmerujeme na úvodnú stránku.') : i18n._('Mažeme údaje uložené v prehliadači…')}
    </p>
  );
}

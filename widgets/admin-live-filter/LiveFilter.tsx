import { useEffect, useMemo, useRef } from 'react';
import type { WidgetProps } from '../lib/define';

export interface LiveFilterProps {
  /** The id of the region the server renders the results into (outside this element). */
  results?: string;
}

/** What the server's form was when the code came: its markup, the field in focus and what was typed. */
export interface FilterFallback {
  html: string;
  focused: string | null;
}

const DELAY_MS = 300;

export function readFilterFallback(host: HTMLElement): FilterFallback {
  const active = document.activeElement;
  const field = active instanceof HTMLInputElement || active instanceof HTMLSelectElement;
  return { html: host.innerHTML, focused: field && host.contains(active) ? active.name : null };
}

/**
 * Live filtering of a back-office list (Dawn's way: the server is the only renderer). The server's
 * GET form stays as it is; while the member types or picks, the same address is asked with the
 * form's values and the results region is swapped for the server's, and the address bar follows, so
 * a reload or a shared link shows the same list. Submitting still works as the plain form does. A
 * filter the server refuses (400) leaves the list as it was; pressing the button shows why.
 */
export function LiveFilter({ host, results = '', fallbackData, fallbackForm }: WidgetProps<LiveFilterProps>) {
  const box = useRef<HTMLDivElement>(null);
  const fallback = fallbackData as FilterFallback | undefined;
  // Rendered once: the form's markup never changes, so the fields keep what is typed into them.
  const markup = useMemo(() => ({ __html: fallback?.html ?? '' }), [fallback]);

  useEffect(() => {
    const form = box.current?.querySelector('form');
    if (!form) return;
    for (const [name, value] of fallbackForm ?? []) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && typeof value === 'string') field.value = value;
    }
    if (fallback?.focused) (form.elements.namedItem(fallback.focused) as HTMLElement | null)?.focus();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running: AbortController | undefined;
    const refresh = async () => {
      const query = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value) query.set(name, value);
      const url = `${form.getAttribute('action') ?? location.pathname}${query.size ? `?${query}` : ''}`;
      running?.abort();
      running = new AbortController();
      try {
        const { api } = await import('../lib/api');
        const html = await api.get(url, { prefixUrl: '', signal: running.signal, headers: { accept: 'text/html' } }).text();
        const fresh = new DOMParser().parseFromString(html, 'text/html').getElementById(results);
        const region = document.getElementById(results);
        if (!fresh || !region) return;
        region.replaceChildren(...fresh.childNodes);
        history.replaceState(history.state, '', url);
        host.dispatchEvent(new CustomEvent('shop:admin-list-updated', { bubbles: true }));
      } catch {
        // Refused (400), aborted by a newer question or offline: the list stays; the button still submits.
      }
    };
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), DELAY_MS);
    };
    form.addEventListener('input', changed);
    form.addEventListener('change', changed);
    return () => {
      clearTimeout(timer);
      running?.abort();
      form.removeEventListener('input', changed);
      form.removeEventListener('change', changed);
    };
  }, [host, results, fallback, fallbackForm]);

  return <div className="admin-filter__live" ref={box} dangerouslySetInnerHTML={markup} />;
}

import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { POINTS_CHANGED } from './events';

export interface PointCountProps {
  href?: string;
}


/**
 * The header's point count, rendered only for signed-in shoppers (the server decides). It asks
 * GET /api/consumer/point/count once; a failure shows 0 (spec 2).
 */
export function PointCount({ href = '/moje/body' }: WidgetProps<PointCountProps>) {
  const { i18n } = useLingui();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const { api } = await import('../lib/api');
        const body = await api.get('consumer/point/count').json<{ count: unknown }>();
        if (live) setCount(typeof body.count === 'number' && body.count >= 0 ? body.count : 0);
      } catch {
        if (live) setCount(0);
      }
    })();
    const changed = (event: Event) => {
      const balance = (event as CustomEvent<{ balance?: unknown }>).detail?.balance;
      if (typeof balance === 'number') setCount(balance);
    };
    document.addEventListener(POINTS_CHANGED, changed);
    return () => {
      live = false;
      document.removeEventListener(POINTS_CHANGED, changed);
    };
  }, []);

  return (
    <a className="point-count" href={href} aria-busy={count === null}>
      <span className="point-count__value">{count ?? '…'}</span> <span className="point-count__label">{i18n._('Body')}</span>
    </a>
  );
}

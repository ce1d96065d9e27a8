import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { Pager, pageSizeOf } from '../ui/Pager';
import { formatDateTime, typeLabel } from './labels';

export interface HistoryEntry {
  id: number;
  created_at: number;
  value: number;
  item_type: string;
  item_id: number;
  item: { name: string } | null;
}

export interface HistoryPage {
  items: HistoryEntry[];
  total: number;
  page: number;
  size: number;
}

export interface PointsHistoryProps {
  initial?: HistoryPage;
}

/** Spec 8: the load-failure toast stays 3 s. */
export const ERROR_MS = 3000;

function validPage(value: unknown): HistoryPage {
  const v = value as Partial<HistoryPage> | null;
  const items = v && Array.isArray(v.items) ? v.items.filter((e) => e && typeof e.id === 'number' && typeof e.value === 'number') : [];
  return {
    items,
    total: typeof v?.total === 'number' ? v.total : items.length,
    page: typeof v?.page === 'number' ? v.page : 1,
    size: pageSizeOf(v?.size),
  };
}

/** The point history table with paging (10 rows, options 10/20/50) through GET /api/consumer/point/history. */
export function PointsHistory({ initial }: WidgetProps<PointsHistoryProps>) {
  const { i18n } = useLingui();
  const [data, setData] = useState<HistoryPage>(() => validPage(initial));
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const load = async (page: number, size: number) => {
    setLoading(true);
    try {
      const { api } = await import('../lib/api');
      setData(validPage(await api.get('consumer/point/history', { searchParams: { page, size } }).json()));
    } catch {
      clearTimeout(timer.current);
      setFailed(true);
      timer.current = setTimeout(() => setFailed(false), ERROR_MS);
    } finally {
      setLoading(false);
    }
  };

  const pages = Math.max(1, Math.ceil(data.total / data.size));
  return (
    <div className="points-history-widget" aria-busy={loading}>
      {data.items.length === 0 ? (
        <p className="loyalty__empty">{i18n._('Zatiaľ nemáte žiadne body.')}</p>
      ) : (
        <table className="points-history">
          <thead>
            <tr>
              <th scope="col">{i18n._('Dátum')}</th>
              <th scope="col">{i18n._('Typ')}</th>
              <th scope="col">{i18n._('Položka')}</th>
              <th scope="col" className="points-history__value">
                {i18n._('Body')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((e) => (
              <tr key={e.id} data-entry={e.id}>
                <td>{formatDateTime(e.created_at)}</td>
                <td>{typeLabel(i18n, e.item_type)}</td>
                <td>{e.item ? e.item.name : ''}</td>
                <td className={`points-history__value${e.value < 0 ? ' points-history__value--minus' : ''}`}>{e.value > 0 ? `+${e.value}` : e.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={data.page} pages={pages} size={data.size} disabled={loading} onPage={(p) => void load(p, data.size)} onSize={(s) => void load(1, s)} />
      {failed && (
        <p className="message message--error points-history__toast" role="alert">
          {/* Spec 8 gives these two texts in English; they are the catalogue ids as written there. */}
          <strong>{i18n._('Error')}</strong> {i18n._('Failed to load point history')}
        </p>
      )}
    </div>
  );
}

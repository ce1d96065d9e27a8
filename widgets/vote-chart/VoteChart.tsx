import { useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { LINK_CONFIRMED, linksAnswered } from '../confirm-link/events';

export interface VoteChartProps {
  voteId?: string;
}

export interface ChartRow {
  name: string;
  sum: number;
}
export interface Chart {
  name: string;
  rows: ChartRow[];
}

/** Reads the server's chart inside <shop-vote-chart> before the widget replaces it. */
export function readChart(host: HTMLElement): Chart | null {
  const figure = host.querySelector('figure.vote-chart');
  if (!figure) return null;
  const name = figure.querySelector('.vote-chart__name')?.firstChild?.textContent?.trim() ?? '';
  const rows = [...figure.querySelectorAll('.vote-chart__row')].map((li) => ({
    name: li.querySelector('.vote-chart__label')?.textContent?.trim() ?? '',
    sum: Number(li.querySelector('.vote-chart__sum')?.textContent ?? 0) || 0,
  }));
  return { name, rows };
}

/**
 * Spec 3: chart rows are name and sum. Bars are <meter>s (readable on a phone, no inline style under
 * the CSP); the rows are asked again when the page comes back into view or gets focus (the voter
 * confirmed in the mail's tab) and when a confirm link was answered in this page.
 */
export function VoteChart({ voteId = '', fallbackData }: WidgetProps<VoteChartProps>) {
  const { i18n } = useLingui();
  const [chart, setChart] = useState<Chart | null>((fallbackData as Chart | null | undefined) ?? null);

  const refresh = useCallback(async () => {
    if (!voteId) return;
    const { api } = await import('../lib/api');
    try {
      const rows = await api.post('vote/chart', { json: { group: voteId } }).json<ChartRow[]>();
      setChart((before) => ({ name: before?.name ?? '', rows }));
    } catch {
      // Keep what is shown.
    }
  }, [voteId]);

  useEffect(() => {
    // Without rows, or when a confirm link was answered before this widget mounted (it missed the event).
    if (!chart || linksAnswered() > 0) void refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const onRefresh = () => void refresh();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onRefresh);
    document.addEventListener(LINK_CONFIRMED, onRefresh);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onRefresh);
      document.removeEventListener(LINK_CONFIRMED, onRefresh);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);

  if (!chart) return null;
  const total = chart.rows.reduce((sum, row) => sum + row.sum, 0);
  return (
    <figure className="vote-chart">
      <figcaption className="vote-chart__name">
        {chart.name} <span className="vote-chart__count">{i18n._('Hlasov: {count}', { count: total })}</span>
      </figcaption>
      <ul className="vote-chart__rows">
        {chart.rows.map((row) => (
          <li key={row.name} className="vote-chart__row">
            <span className="vote-chart__label">{row.name}</span>
            <meter className="vote-chart__bar" min={0} max={Math.max(1, total)} value={row.sum} />
            <span className="vote-chart__sum">{row.sum}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { WidgetProps } from '../lib/define';
import { getDefaults } from '../lib/defaults';
import { formatMoney } from '../lib/format';

export interface SalesChartProps {
  /** YYYY-MM-DD, oldest first. */
  days?: string[];
  /** Minor units per day, in `currency`. */
  revenue?: number[];
  orders?: number[];
  currency?: string;
  labelRevenue?: string;
  labelOrders?: string;
  labelDay?: string;
}

/** Room for uPlot's legend row under the plot. */
const LEGEND_PX = 48;

const listOf = (value: unknown): number[] => (Array.isArray(value) ? value.map((n) => (Number.isFinite(n) ? Number(n) : 0)) : []);

/**
 * The dashboard's last 30 days of one shop in uPlot: revenue (left axis, the shop's currency) and
 * orders (right axis), with the day's values in the legend under the pointer. It draws in the box the
 * server's data table held (a fixed height in admin.css), so nothing on the page moves, and follows
 * the box's width. Colours come from the theme's custom properties.
 */
export function SalesChart({ host, days, revenue, orders, currency = 'EUR', labelRevenue = '', labelOrders = '', labelDay = '' }: WidgetProps<SalesChartProps>) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    const dates = Array.isArray(days) ? days.filter((d): d is string => typeof d === 'string') : [];
    if (!target || dates.length === 0) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const style = getComputedStyle(host);
      const primary = style.getPropertyValue('--color-primary').trim() || '#db2777';
      const muted = style.getPropertyValue('--color-muted').trim() || '#5b6270';
      const locale = getDefaults().intlLocale;
      const money = (minor: number) => formatMoney(minor, currency, locale);
      const axisMoney = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
      const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString(locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
      const x = dates.map((d) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)), 12) / 1000);
      // The legend (the day's values under the pointer) sits below the plot, inside the same box.
      const size = () => ({ width: Math.max(200, target.clientWidth), height: Math.max(120, target.clientHeight - LEGEND_PX) });
      chart = new UPlot(
        {
          ...size(),
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'UTC'),
          scales: { x: { time: true }, revenue: { range: (_u, _min, max) => [0, Math.max(max, 100)] }, orders: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
          series: [
            { label: labelDay, value: (_u, v) => (v === null ? '' : day(v)) },
            { label: labelRevenue, scale: 'revenue', stroke: primary, width: 2, fill: `${primary}22`, value: (_u, v) => (v === null ? '' : money(v)) },
            { label: labelOrders, scale: 'orders', stroke: muted, width: 1, dash: [4, 4], value: (_u, v) => (v === null ? '' : String(v)) },
          ],
          axes: [
            { stroke: muted, values: (_u, ticks) => ticks.map(day) },
            { scale: 'revenue', stroke: muted, size: 96, values: (_u, ticks) => ticks.map((v) => axisMoney.format(v / 100)) },
            { scale: 'orders', side: 1, stroke: muted, grid: { show: false }, values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) ? String(v) : '')) },
          ],
        },
        [x, listOf(revenue), listOf(orders)],
        target,
      );
      observer = new ResizeObserver(() => chart?.setSize(size()));
      observer.observe(target);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [host, days, revenue, orders, currency, labelRevenue, labelOrders, labelDay]);

  return <div className="admin-chart__plot" ref={box} />;
}

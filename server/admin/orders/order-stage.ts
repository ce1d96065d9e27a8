import { msg } from '../../i18n/msg';

/**
 * Where an order stands, as the back office filters and shows it: the `stage` column SQLite computes
 * from what the lifecycle writes (server/db/schema/orders.ts), and the queues the dashboard counts.
 * Each filter is a fixed SQL condition (no input in it), chosen by its key from the query string.
 */
export const STAGES = {
  prijata: { code: 0, label: msg('Prijatá') },
  zaplatena: { code: 1, label: msg('Zaplatená') },
  odoslana: { code: 2, label: msg('Odoslaná') },
  dorucena: { code: 3, label: msg('Doručená') },
  zrusena: { code: 9, label: msg('Zrušená') },
} as const;
export type StageKey = keyof typeof STAGES;

export const STAGE_LABEL: Record<number, string> = Object.fromEntries(Object.values(STAGES).map((s) => [s.code, s.label]));

/** What waits for someone, as order filters: the dashboard's counts link to these lists. */
export const QUEUES = {
  // The `queue` column (server/db/schema/orders.ts): 1 paid or cash on delivery (paid when it
  // arrives), ready for the carrier; 2 a bank transfer the operator has not booked yet.
  'na-odoslanie': { label: msg('Na odoslanie'), where: 'o.queue = 1' },
  'na-zauctovanie': { label: msg('Platby na zaúčtovanie'), where: 'o.queue = 2' },
  reklamacia: { label: msg('S otvorenou reklamáciou'), where: 'o.id IN (SELECT order_id FROM claims WHERE closed_at IS NULL)' },
  // Withdrawals have no "settled" state: the list shows every order withdrawn from, newest first.
  odstupenie: { label: msg('S odstúpením od zmluvy'), where: 'o.id IN (SELECT order_id FROM withdrawals)' },
} as const;
export type QueueKey = keyof typeof QUEUES;

export const FILTER_KEYS = [...Object.keys(STAGES), ...Object.keys(QUEUES)] as (StageKey | QueueKey)[];

export function isStage(key: string): key is StageKey {
  return Object.hasOwn(STAGES, key);
}

/** The SQL condition of a filter key (a stage binds its code; a queue is a fixed condition). */
export function stageCondition(key: StageKey | QueueKey): { sql: string; params: number[] } {
  if (isStage(key)) return { sql: 'o.stage = ?', params: [STAGES[key].code] };
  return { sql: QUEUES[key].where, params: [] };
}

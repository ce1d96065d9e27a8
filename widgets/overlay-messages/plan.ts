/** The spec's Overlay message as GET /api/overlay sends it. */
export interface OverlayMessage {
  id: number;
  text: string;
  severity: 'info' | 'success' | 'warn' | 'error';
  position: string;
  target: string | null;
  show_delay: number;
  hide_delay: number | null;
  sequence: number | null;
}

/** Spec 9: a targeted overlay hides after 3000 ms by default; toasts last 2–3 s. */
export const DEFAULT_HIDE_MS = 3000;
export const POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right'] as const;
const SEVERITIES = ['info', 'success', 'warn', 'error'];

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/** A JSON prop or an API answer may be anything: keep only well-formed messages. */
export function cleanMessages(value: unknown): OverlayMessage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw): OverlayMessage[] => {
    if (!raw || typeof raw !== 'object') return [];
    const m = raw as Record<string, unknown>;
    if (typeof m.id !== 'number' || typeof m.text !== 'string' || m.text === '') return [];
    return [
      {
        id: m.id,
        text: m.text,
        severity: SEVERITIES.includes(m.severity as string) ? (m.severity as OverlayMessage['severity']) : 'info',
        position: POSITIONS.includes(m.position as never) ? (m.position as string) : 'bottom-right',
        target: typeof m.target === 'string' && m.target.trim() ? m.target : null,
        show_delay: num(m.show_delay) ?? 0,
        hide_delay: num(m.hide_delay),
        sequence: typeof m.sequence === 'number' && Number.isFinite(m.sequence) ? m.sequence : null,
      },
    ];
  });
}

export const durationOf = (m: OverlayMessage) => (m.hide_delay !== null && m.hide_delay > 0 ? m.hide_delay : DEFAULT_HIDE_MS);

export interface Step {
  id: number;
  show: number;
  hide: number;
}

/**
 * When each message shows and hides, in ms from load. Messages without a sequence run in parallel,
 * each after its own show delay; sequenced ones run one after another in sequence order, each show
 * delay counted from the moment the previous one hid.
 */
export function planOverlays(messages: OverlayMessage[]): Step[] {
  const steps: Step[] = messages
    .filter((m) => m.sequence === null)
    .map((m) => ({ id: m.id, show: m.show_delay, hide: m.show_delay + durationOf(m) }));
  let clock = 0;
  const sequenced = messages.filter((m) => m.sequence !== null).sort((a, b) => a.sequence! - b.sequence! || a.id - b.id);
  for (const m of sequenced) {
    const show = clock + m.show_delay;
    clock = show + durationOf(m);
    steps.push({ id: m.id, show, hide: clock });
  }
  return steps;
}

/**
 * Issue 23: a toast never covers the consent bar's buttons. While the bar is shown the toasts meant
 * for the bottom (a bottom corner or the bottom middle) wait; once it is answered they come.
 */
export const waitingForConsent = (list: OverlayMessage[], consentOpen: boolean) =>
  consentOpen ? list.filter((m) => m.target || !m.position.startsWith('bottom')) : list;

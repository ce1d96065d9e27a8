/** What Google Tag Manager reads (`dataLayer`) and the queue of uncaught errors (spec 7). */
export type AnalyticsEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: unknown[];
    shopEventQueue?: AnalyticsEvent[];
  }
}

export function pushEvent(event: AnalyticsEvent): void {
  (window.dataLayer ??= []).push(event);
}

export function queueEvent(event: AnalyticsEvent): void {
  (window.shopEventQueue ??= []).push(event);
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

let installed = false;

/** An uncaught error stopped a script (fatal); a rejected promise usually lost one action only. */
export function installErrorReporting(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event: ErrorEvent) => {
    queueEvent({ event: 'exception', description: event.message || describe(event.error), fatal: true });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    queueEvent({ event: 'exception', description: describe(event.reason), fatal: false });
  });
}

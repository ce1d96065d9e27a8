/**
 * The queue of uncaught errors (spec 7). The site entry runs this; widgets push to Google Tag
 * Manager through data-layer.ts, a file of their own so no chunk is shared between the site entry
 * and the widgets (docs/decisions/160).
 */
import type { AnalyticsEvent } from './data-layer';

export type { AnalyticsEvent };

declare global {
  interface Window {
    shopEventQueue?: AnalyticsEvent[];
  }
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

/** What Google Tag Manager reads (`dataLayer`): widgets report shoppers' actions here. */
export type AnalyticsEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function pushEvent(event: AnalyticsEvent): void {
  (window.dataLayer ??= []).push(event);
}

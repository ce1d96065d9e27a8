/**
 * Dispatched (bubbling) on a confirm link once its GET was answered: `detail` is { ok, body }. The
 * vote chart asks for its rows again when one confirmed a ballot in the same page.
 */
export const LINK_CONFIRMED = 'shop:link-confirmed';
export interface LinkConfirmedDetail {
  ok: boolean;
  body: unknown;
}

let answered = 0;

/**
 * How many confirm links this page has had answered. A chart whose widget mounts after one was (its
 * code arrived later than the directive's) missed the event and asks for its rows when it mounts.
 */
export const linksAnswered = () => answered;
export function noteLinkAnswered(): void {
  answered++;
}

/**
 * Dispatched (bubbling) on a confirm link once its GET was answered: `detail` is { ok, body }. The
 * vote chart asks for its rows again when one confirmed a ballot in the same page.
 */
export const LINK_CONFIRMED = 'shop:link-confirmed';
export interface LinkConfirmedDetail {
  ok: boolean;
  body: unknown;
}

/** Pure: the server draws the same cut in its grid of reviews (templates/partials/review-list.eta). */

/** Spec 4: read-more cutoff 200 characters. */
export const READ_MORE_CUTOFF = 200;

/** The first 200 characters, cut at a word when one ends close enough; null when nothing is cut. */
export function cutText(text: string, cutoff = READ_MORE_CUTOFF): string | null {
  if (text.length <= cutoff) return null;
  const head = text.slice(0, cutoff);
  const space = head.lastIndexOf(' ');
  return `${(space > cutoff * 0.75 ? head.slice(0, space) : head).trimEnd()}…`;
}

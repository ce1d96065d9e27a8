/**
 * The carousel's box, in one place for the loader (which reserves it on the partner's page before
 * the bundle arrives) and the element's own stylesheet (styles.ts): the box has a fixed height,
 * worked out from the host's font size and `--shop-image-height`, so nothing on the partner's page
 * moves while the code and then the products arrive (issue 19: CLS 0), whatever they turn out to be.
 */
export const TAG = 'shop-product-carousel';

/** The picture's band of a card; partners may change it (README "Embedding on a partner site"). */
const IMAGE = 'var(--shop-image-height,10em)';
/** Under the picture: name (2 lines), price, availability, button and their spacing. */
const TEXT = '10em';
/** The optional `label` line above the cards, with its margin. */
const LABEL = '2em';

export const HEIGHT = `calc(${IMAGE} + ${TEXT})`;
export const HEIGHT_WITH_LABEL = `calc(${IMAGE} + ${TEXT} + ${LABEL})`;
export const IMAGE_HEIGHT = IMAGE;
export const LABEL_HEIGHT = LABEL;

/** Matches a host with a label worth a line (the element draws one exactly then). */
export const LABELLED = '[label]:not([label=""])';

/** What the loader adds to the partner's document: our tag only, and only until it is defined. */
export const RESERVE_CSS = `${TAG}:not(:defined){display:block;height:${HEIGHT}}${TAG}${LABELLED}:not(:defined){height:${HEIGHT_WITH_LABEL}}`;

/** A stylesheet by CSSOM (adoptedStyleSheets): partners' `style-src` does not govern it, unlike a <style> element. */
export function constructedSheet(css: string): CSSStyleSheet | null {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  } catch {
    return null;
  }
}

import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

/**
 * Product descriptions are seed or admin HTML. They are trusted, yet sanitised before render with a
 * strict allow-list of our own (text structure and plain links only): no scripts, no event
 * handlers, no styles, no images or frames that could reach another origin.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
};

/**
 * Results by input: both functions are pure, and parsing a description costs ~100–250 µs, three
 * parses a product page (its body, the meta description, the JSON-LD). Bounded by bytes.
 */
const done = new LRUCache<string, string>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (value, key) => (value.length + key.length) * 2 + 64 });
function remembered(key: string, make: () => string): string {
  let value = done.get(key);
  if (value === undefined) done.set(key, (value = make()));
  return value;
}

export function sanitizeDescription(html: string): string {
  return remembered(`html|${html}`, () => sanitizeHtml(html, OPTIONS));
}

/** Plain text of a description, for the meta description and JSON-LD. */
export function plainText(html: string, max = 300): string {
  return remembered(`${max}|${html}`, () => plainTextOf(html, max));
}

function plainTextOf(html: string, max: number): string {
  const stripped = sanitizeHtml(html.replace(/<\/(p|li|h\d|div)>|<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} });
  const text = decodeEntities(stripped).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** sanitize-html escapes text; the template escapes again, so plain text goes back to characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]);
}

import sanitizeHtml from 'sanitize-html';
import { sanitizeArticle } from '../../content/sanitize';

/** One thing the sanitiser dropped: a tag, or an attribute of a tag. */
export interface Removed {
  tag: string;
  attribute?: string;
}

/** Tags the sanitiser renames rather than drops (server/content/sanitize.ts: the page title is the only h1). */
const RENAMED: Record<string, string> = { h1: 'h2' };

/** Every tag and tag@attribute of some HTML, counted (sanitize-html's parser, allowing everything, changing nothing). */
function inventory(html: string, rename = false): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
    transformTags: {
      '*': (tagName, attribs) => {
        const tag = rename ? (RENAMED[tagName] ?? tagName) : tagName;
        add(tag);
        for (const name of Object.keys(attribs)) add(`${tag}@${name}`);
        return { tagName, attribs };
      },
    },
  });
  return counts;
}

/**
 * The body as the shop stores and renders it, and what the sanitiser removed on the way: each tag
 * or attribute the editor wrote that the clean HTML holds fewer of (script, onclick on a, a
 * javascript: href, an unknown tag, a widget's unknown attribute), once each, in the order met.
 */
export function sanitizeWithReport(html: string): { clean: string; removed: Removed[] } {
  const clean = sanitizeArticle(html);
  const before = inventory(html, true);
  const after = inventory(clean);
  const removed: Removed[] = [];
  for (const [key, count] of before) {
    if ((after.get(key) ?? 0) >= count) continue;
    const [tag, attribute] = key.split('@');
    removed.push(attribute === undefined ? { tag } : { tag, attribute });
  }
  return { clean, removed };
}

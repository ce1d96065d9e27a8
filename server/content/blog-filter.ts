/**
 * Blogs have no attributes in the schema; their one filter is the child category ("kategoria"),
 * written in the address like product filters: /{slug}/{page}/kategoria:a,b (docs/decisions/040).
 */
export const BLOG_FILTER_ATTRIBUTE = 'kategoria';
const MAX_FILTER_VALUES = 50;

/** Attribute code → chosen option keys. */
export type BlogFilter = Record<string, string[]>;

/** Parses "kategoria:a,b" (path form); null when a group or value is not one this list offers. */
export function parseFilterSegment(segment: string): BlogFilter | null {
  const filter: BlogFilter = {};
  for (const group of segment.split(';')) {
    if (!group) continue;
    const [name, values = ''] = group.split(':', 2);
    const list = values.split(',').filter(Boolean);
    if (name !== BLOG_FILTER_ATTRIBUTE || list.length === 0 || list.length > MAX_FILTER_VALUES) return null;
    filter[name] = [...new Set([...(filter[name] ?? []), ...list])];
  }
  return filter;
}

export function filterSegment(filter: BlogFilter): string {
  return Object.entries(filter)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => `${name}:${values.join(',')}`)
    .join(';');
}

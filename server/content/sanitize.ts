import sanitizeHtml from 'sanitize-html';
import { youtubeId } from '../product/youtube';
import { ARTICLE_WIDGETS, REQUIRED_ATTRIBUTES } from './article-widgets';
import { allowedImageSrc } from './image-rule';

/**
 * Editor HTML (guide bodies, static posts, teasers) is untrusted: it is sanitised when it is written
 * and again when it is rendered (docs/decisions/041). Nothing that can run script survives: script,
 * style, iframe, object, embed, forms, SVG/MathML, on* and style attributes, javascript:/data: URLs.
 * The shop's widget tags and their attributes come from one list (article-widgets.ts); images from
 * the one rule the CSP's img-src is built from (image-rule.ts, decision 215).
 */

export { ARTICLE_WIDGETS } from './article-widgets';

const ARTICLE_TAGS = [
  'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'code', 'pre', 'kbd', 'abbr', 'time',
  'blockquote', 'q', 'cite', 'figure', 'figcaption', 'img', 'a', 'span', 'div',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];

/** Dropped with everything inside them, text included (the default keeps a removed tag's text). */
const DROP_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'xmp', 'iframe', 'noscript', 'noembed', 'noframes', 'object', 'embed', 'svg', 'math', 'template', 'select', 'title'];

function checkWidget(tag: string): sanitizeHtml.Transformer {
  const rules = ARTICLE_WIDGETS[tag];
  return (tagName, attribs) => {
    const kept: sanitizeHtml.Attributes = {};
    // Guides written before the list took video-id carry the YouTube link as `url` (decision 215).
    if (tag === 'shop-video-player' && attribs['video-id'] === undefined && attribs.url) {
      const id = youtubeId(attribs.url);
      if (id) kept['video-id'] = id;
    }
    for (const [name, rule] of Object.entries(rules)) {
      const value = attribs[name]?.trim();
      if (value !== undefined && rule.test(value)) kept[name] = value;
    }
    return { tagName, attribs: kept };
  };
}

/** A widget without what it needs (no product id, no video) would be an empty box: drop it. */
const missesRequired = (frame: sanitizeHtml.IFrame) => (REQUIRED_ATTRIBUTES[frame.tag] ?? []).some((name) => !frame.attribs[name]);

function articleOptions(imageHosts: readonly string[]): sanitizeHtml.IOptions {
  return {
    allowedTags: [...ARTICLE_TAGS, ...Object.keys(ARTICLE_WIDGETS)],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'width', 'height', 'loading', 'title'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      ol: ['start', 'reversed'],
      time: ['datetime'],
      abbr: ['title'],
      ...Object.fromEntries(Object.entries(ARTICLE_WIDGETS).map(([tag, rules]) => [tag, Object.keys(rules)])),
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    // Images: our own uploads or https from the hosts in IMAGE_HOSTS (image-rule.ts); never http or data:.
    allowedSchemesByTag: { img: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROP_WITH_CONTENT,
    // An image whose address was refused is an empty box, and so is a widget without its id: drop them.
    exclusiveFilter: (frame) => (frame.tag === 'img' && !frame.attribs.src) || missesRequired(frame),
    transformTags: {
      // The page title is the only h1.
      h1: 'h2',
      a: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = {};
        const href = (attribs.href ?? '').trim();
        if (href) out.href = href;
        if (attribs.title) out.title = attribs.title;
        if (/^https?:/i.test(href)) {
          // Another site must not get window.opener (reverse tabnabbing) nor our address.
          out.rel = 'noopener noreferrer';
          if (attribs.target === '_blank') out.target = '_blank';
        }
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = {};
        const src = allowedImageSrc(attribs.src ?? '', imageHosts);
        if (src) out.src = src;
        out.alt = attribs.alt ?? '';
        for (const size of ['width', 'height'] as const) if (/^\d{1,4}$/.test(attribs[size] ?? '')) out[size] = attribs[size];
        out.loading = attribs.loading === 'eager' ? 'eager' : 'lazy';
        if (attribs.title) out.title = attribs.title;
        return { tagName, attribs: out };
      },
      ...Object.fromEntries(Object.keys(ARTICLE_WIDGETS).map((tag) => [tag, checkWidget(tag)])),
    },
  };
}

/** Options per IMAGE_HOSTS value: one per process in practice. */
const optionsByHosts = new Map<string, sanitizeHtml.IOptions>();

/** A teaser sits inside a card link: inline formatting only, no links, no images. */
const TEASER_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'span', 'small'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
};

const TEXT_OPTIONS: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: DROP_WITH_CONTENT };

/** Editor HTML of a guide or static post; `imageHosts` is the config's IMAGE_HOSTS. */
export function sanitizeArticle(html: string, imageHosts: readonly string[] = []): string {
  const key = imageHosts.join(',');
  let options = optionsByHosts.get(key);
  if (!options) optionsByHosts.set(key, (options = articleOptions(imageHosts)));
  return sanitizeHtml(html, options);
}

export function sanitizeTeaser(html: string): string {
  return sanitizeHtml(html, TEASER_OPTIONS);
}

/** Plain text of editor HTML, whitespace collapsed, cut at a word boundary (meta descriptions). */
export function plainTextOf(html: string, max = 160): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h\d|div)>/gi, ' $&'), TEXT_OPTIONS)
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/**
 * Render-time sanitising, memoised per source text: the stored HTML is already clean, so this is
 * defence in depth and should cost nothing on a hot page. Bounded so editors cannot grow it forever.
 */
export class SanitizeCache {
  private readonly entries = new Map<string, { source: string; hosts: string; clean: string }>();

  constructor(
    private readonly clean: (html: string, imageHosts: readonly string[]) => string,
    private readonly limit = 500,
  ) {}

  /**
   * `key` names the record (e.g. "guide:12"); a changed text under the same key is sanitised anew,
   * and so is one asked for with other `imageHosts` (the config's IMAGE_HOSTS, for article bodies).
   */
  get(key: string, html: string, imageHosts: readonly string[] = []): string {
    const hosts = imageHosts.join(',');
    const hit = this.entries.get(key);
    if (hit && hit.source === html && hit.hosts === hosts) return hit.clean;
    const clean = this.clean(html, imageHosts);
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { source: html, hosts, clean });
    return clean;
  }
}

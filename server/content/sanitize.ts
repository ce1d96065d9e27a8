import sanitizeHtml from 'sanitize-html';

/**
 * Editor HTML (guide bodies, static posts, teasers) is untrusted: it is sanitised when it is written
 * and again when it is rendered (docs/decisions/041). Nothing that can run script survives: script,
 * style, iframe, object, embed, forms, SVG/MathML, on* and style attributes, javascript:/data: URLs.
 */

type AttributeRule = RegExp | ((value: string) => boolean);

const DIGITS_LIST = /^\d{1,10}(,\d{1,10}){0,49}$/;
const httpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
const plainText = (value: string) => value.length <= 500;

/**
 * The shop's widget tags an editor may place in an article, with the only attributes each may carry
 * and the rule each value must pass. Later issues add their widgets here (one map, one place).
 */
export const ARTICLE_WIDGETS: Record<string, Record<string, AttributeRule>> = {
  'shop-product-carousel': { 'product-ids': DIGITS_LIST },
  'shop-banner-carousel': { size: /^(mobile|pc)$/ },
  'shop-copy-button': { value: plainText, label: plainText },
  'shop-video-player': { url: httpsUrl },
  'shop-review-list': { 'product-id': /^\d{1,10}$/ },
};

const ARTICLE_TAGS = [
  'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'code', 'pre', 'kbd', 'abbr', 'time',
  'blockquote', 'q', 'cite', 'figure', 'figcaption', 'img', 'a', 'span', 'div',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];

/** Dropped with everything inside them, text included (the default keeps a removed tag's text). */
const DROP_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'xmp', 'iframe', 'noscript', 'noembed', 'noframes', 'object', 'embed', 'svg', 'math', 'template', 'select', 'title'];

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

function checkWidget(tag: string): sanitizeHtml.Transformer {
  const rules = ARTICLE_WIDGETS[tag];
  return (tagName, attribs) => {
    const kept: sanitizeHtml.Attributes = {};
    for (const [name, rule] of Object.entries(rules)) {
      const value = attribs[name];
      if (value === undefined) continue;
      if (rule instanceof RegExp ? rule.test(value) : rule(value)) kept[name] = value;
    }
    return { tagName, attribs: kept };
  };
}

const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
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
  // Images come from our own paths or over https; never http (mixed content) or data:.
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  // An image whose address was refused is an empty box: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
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
      const src = (attribs.src ?? '').trim();
      // Relative paths must be our own absolute paths, not "//host" or scheme-less tricks.
      if (src && (ABSOLUTE.test(src) || (src.startsWith('/') && !src.startsWith('//')))) out.src = src;
      out.alt = attribs.alt ?? '';
      for (const size of ['width', 'height'] as const) if (/^\d{1,4}$/.test(attribs[size] ?? '')) out[size] = attribs[size];
      out.loading = attribs.loading === 'eager' ? 'eager' : 'lazy';
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: out };
    },
    ...Object.fromEntries(Object.keys(ARTICLE_WIDGETS).map((tag) => [tag, checkWidget(tag)])),
  },
};

/** A teaser sits inside a card link: inline formatting only, no links, no images. */
const TEASER_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'span', 'small'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
};

const TEXT_OPTIONS: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: DROP_WITH_CONTENT };

export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, ARTICLE_OPTIONS);
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
  private readonly entries = new Map<string, { source: string; clean: string }>();

  constructor(
    private readonly clean: (html: string) => string,
    private readonly limit = 500,
  ) {}

  /** `key` names the record (e.g. "guide:12"); a changed text under the same key is sanitised anew. */
  get(key: string, html: string): string {
    const hit = this.entries.get(key);
    if (hit && hit.source === html) return hit.clean;
    const clean = this.clean(html);
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { source: html, clean });
    return clean;
  }
}

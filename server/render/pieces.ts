import { markShared } from './gzip-splice';

/**
 * HTML kept as UTF-8 bytes. Most of a page is the same for every shopper (header menus, footer, a
 * cached category list); encoding those long strings to UTF-8 on every response cost more CPU than
 * rendering the rest of the page. So shared HTML is encoded once, and a response is the
 * concatenation of those bytes with the few per-request strings around them.
 */
export class HtmlBytes {
  constructor(readonly parts: readonly Buffer[]) {}

  get byteLength(): number {
    return this.parts.reduce((sum, part) => sum + part.length, 0);
  }
}

/**
 * Shared HTML with marks where each shopper's own values go (the CSRF token, the request path).
 * `fill` never re-encodes the shared parts; the values are inserted as given (escape them first).
 */
export class HoledHtml {
  private readonly parts: Buffer[];
  private readonly holes: string[];

  constructor(html: string, marks: readonly string[]) {
    this.parts = [];
    this.holes = [];
    const pattern = new RegExp(marks.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
    let last = 0;
    for (const match of html.matchAll(pattern)) {
      this.parts.push(Buffer.from(html.slice(last, match.index)));
      this.holes.push(match[0]);
      last = match.index + match[0].length;
    }
    this.parts.push(Buffer.from(html.slice(last)));
    for (const part of this.parts) markShared(part);
  }

  /** Values are strings (encoded here, once per distinct value) or bytes already encoded. */
  fill(values: Record<string, string | readonly Buffer[]>): HtmlBytes {
    if (this.holes.length === 0) return new HtmlBytes(this.parts);
    const out: Buffer[] = [this.parts[0]];
    let encoded: Map<string, Buffer> | undefined;
    for (let i = 0; i < this.holes.length; i++) {
      const value = values[this.holes[i]] ?? '';
      if (typeof value !== 'string') out.push(...value);
      else if (value !== '') {
        let bytes = (encoded ??= new Map()).get(value);
        if (!bytes) encoded.set(value, (bytes = Buffer.from(value)));
        out.push(bytes);
      }
      out.push(this.parts[i + 1]);
    }
    return new HtmlBytes(out);
  }

  get byteLength(): number {
    return this.parts.reduce((sum, part) => sum + part.length, 0);
  }
}

const MARK = /\u0001(\d+)\u0001/;

/**
 * Renders with HtmlBytes values standing in as marks, then splices their bytes in: the template
 * sees a short placeholder string (`<%~ it.fragment %>` outputs it as is) instead of the HTML.
 */
export function renderWithBytes(view: Record<string, unknown>, render: (view: Record<string, unknown>) => string): string | Buffer[] {
  const pieces: HtmlBytes[] = [];
  const marked: Record<string, unknown> = {};
  for (const key in view) {
    const value = view[key];
    marked[key] = value instanceof HtmlBytes ? `\u0001${pieces.push(value) - 1}\u0001` : value;
  }
  const html = render(marked);
  if (pieces.length === 0) return html;
  const split = html.split(MARK);
  const out: Buffer[] = [];
  for (let i = 0; i < split.length; i++) {
    if (i % 2 === 0) out.push(Buffer.from(split[i]));
    else out.push(...pieces[Number(split[i])].parts);
  }
  return out;
}

/** Bytes of shared HTML (the same for every shopper), compressed once when first sent gzipped. */
export function sharedHtml(html: string): HtmlBytes {
  return new HtmlBytes([markShared(Buffer.from(html))]);
}

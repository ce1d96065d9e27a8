import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings a cached page is kept in, best first. */
export type PageEncoding = 'br' | 'gzip' | null;

const brotliOptions = (quality: number, size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/** Brotli answers of a page before it is squeezed harder: q5 takes ~1 ms for a category page. */
const QUICK = 5;
/** q11 is ~9 % smaller than q5 but ~75 times slower (~90 ms): worth it only for a page in demand. */
const BEST = 11;
export const SQUEEZE_AFTER_HITS = 20;
/** One q11 job per process at a time, on libuv's thread pool: never the event loop, never a flood. */
let squeezing = false;

/**
 * A whole page rendered once for every anonymous shopper of one shop, locale and address
 * (decision 180). Since pages hold nothing per response (no nonce, no CSRF token: decision 181) it
 * is kept as finished bytes: plain, gzip (level 9) and brotli, all made when stored (~3 ms). A page
 * that is asked for SQUEEZE_AFTER_HITS times with brotli is compressed again at brotli's best
 * quality in the background, one page at a time, so a catalogue change that drops every page
 * cannot queue seconds of compression. Serving it is choosing a buffer.
 */
export class CachedPage {
  readonly kind = 'page';
  readonly gzip: Buffer;
  private brotli: Buffer;
  private hits = 0;
  private best = false;

  constructor(readonly html: Buffer) {
    this.gzip = gzipSync(html, { level: 9 });
    this.brotli = brotliCompressSync(html, brotliOptions(QUICK, html.length));
  }

  /** Whether the brotli bytes are at their best quality (tests wait for it). */
  get squeezed(): boolean {
    return this.best;
  }

  /** The bytes for a client that accepts `accepted` codings, and the coding they are in. */
  body(accepted: { br: boolean; gzip: boolean }): { bytes: Buffer; encoding: PageEncoding } {
    if (accepted.br) {
      if (!this.best && ++this.hits >= SQUEEZE_AFTER_HITS) this.squeeze();
      return { bytes: this.brotli, encoding: 'br' };
    }
    if (accepted.gzip) return { bytes: this.gzip, encoding: 'gzip' };
    return { bytes: this.html, encoding: null };
  }

  private squeeze(): void {
    if (squeezing) return;
    squeezing = true;
    brotliCompress(this.html, brotliOptions(BEST, this.html.length), (error, out) => {
      squeezing = false;
      this.best = true;
      if (!error && out.length < this.brotli.length) this.brotli = out;
    });
  }
}

/**
 * A JSON answer shared by anonymous shoppers (a filter count, decision 193): a few dozen bytes,
 * below what compression pays for, so it is kept and sent as it is.
 */
export class CachedJson {
  readonly kind = 'json';

  constructor(readonly json: Buffer) {}
}

/** What the anonymous page cache keeps: a page, or a small JSON answer. */
export type CachedAnswer = CachedPage | CachedJson;

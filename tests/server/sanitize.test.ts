import { describe, expect, it } from 'vitest';
import { ARTICLE_WIDGET_LIST, articleWidgets } from '../../server/content/article-widgets';
import { allowedImageSrc, parseImageHosts } from '../../server/content/image-rule';
import { ARTICLE_WIDGETS, SanitizeCache, plainTextOf, sanitizeArticle, sanitizeTeaser } from '../../server/content/sanitize';

describe('editor HTML sanitiser', () => {
  it('keeps ordinary article HTML', () => {
    const html =
      '<h2>Nadpis</h2><p>Text <strong>tučne</strong> <em>kurzíva</em></p><ul><li>a</li></ul><ol start="3"><li>b</li></ol>' +
      '<blockquote>citát</blockquote><figure><img src="/data/blog/image/a.svg" alt="A" width="400" height="250" loading="lazy" /><figcaption>popis</figcaption></figure>' +
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table><a href="/kontakt">kontakt</a> <a href="mailto:info@obchod.sk">mail</a>';
    expect(sanitizeArticle(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<style>p{}</style><p>ok</p>', '<p>ok</p>'],
    ['<iframe src="https://evil.example">x</iframe><p>ok</p>', '<p>ok</p>'],
    ['<object data="x"></object><embed src="x"><p>ok</p>', '<p>ok</p>'],
    ['<svg onload="alert(1)"><script>alert(2)</script></svg><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="x" style="color:red">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA"><img src="http://x.example/a.png"><img src="//x.example/a.png">', ''],
    ['<img src="x" onerror="alert(1)">', ''],
    ['<form action="/x"><input name="a"><button>b</button></form>', 'b'],
    ['<h1>T</h1>', '<h2>T</h2>'],
  ])('removes what can run script: %s', (input, output) => {
    expect(sanitizeArticle(input)).toBe(output);
  });

  it('marks external links noopener; keeps images of our uploads and of the listed hosts only', () => {
    expect(sanitizeArticle('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe('<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>');
    expect(sanitizeArticle('<img src="https://cdn.example/a.png" alt="a" style="x">', ['cdn.example'])).toBe('<img src="https://cdn.example/a.png" alt="a" loading="lazy" />');
    // Not listed in IMAGE_HOSTS: the CSP would block it, so it is not kept.
    expect(sanitizeArticle('<img src="https://cdn.example/a.png" alt="a">')).toBe('');
    expect(sanitizeArticle('<img src="https://evil.example/a.png"><img src="/static/images/a.png">', ['cdn.example'])).toBe('<img src="/static/images/a.png" alt="" loading="lazy" />');
  });

  it.each([
    ['/data/blog/image/a.svg', '/data/blog/image/a.svg'],
    ['/static/img/a.png?v=2', '/static/img/a.png?v=2'],
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['HTTPS://CDN.EXAMPLE.COM/a.png', 'https://cdn.example.com/a.png'],
    ['/moje/konto', null],
    ['/data/../moje/konto', null],
    ['/data/%2e%2e/moje/konto', null],
    ['//cdn.example.com/a.png', null],
    ['/\\cdn.example.com/a.png', null],
    ['http://cdn.example.com/a.png', null],
    ['https://cdn.example.com:8443/a.png', null],
    ['https://user@cdn.example.com/a.png', null],
    ['https://cdn.example.com.evil.example/a.png', null],
    ['https://evil.example/?cdn.example.com', null],
    ['data:image/png;base64,AAAA', null],
    ['javascript:alert(1)', null],
    ['', null],
  ])('the image rule: %s', (src, kept) => {
    expect(allowedImageSrc(src, ['cdn.example.com'])).toBe(kept);
  });

  it('reads IMAGE_HOSTS strictly', () => {
    expect(parseImageHosts('')).toEqual([]);
    expect(parseImageHosts(' CDN.example.com, https://img.example.net/ ,cdn.example.com')).toEqual(['cdn.example.com', 'img.example.net']);
    for (const bad of ['http://cdn.example.com', 'cdn.example.com:8443', '*.example.com', 'cdn.example.com/path', 'localhost', "'self'"]) expect(parseImageHosts(bad), bad).toBeNull();
  });

  it('keeps the shop widget tags with their allowed, well-formed attributes only', () => {
    expect(Object.keys(ARTICLE_WIDGETS)).toEqual([
      'shop-product-carousel', 'shop-banner-carousel', 'shop-copy-button', 'shop-video-player',
      'shop-review-list', 'shop-watchdog-dialog', 'shop-favourite-button', 'shop-add-to-cart', 'shop-vote', 'shop-vote-chart',
    ]);
    expect(sanitizeArticle('<shop-product-carousel product-ids="1,2" label="Tip" onclick="x" class="y"></shop-product-carousel>')).toBe('<shop-product-carousel product-ids="1,2" label="Tip"></shop-product-carousel>');
    // A widget without its required id would be an empty box: removed.
    expect(sanitizeArticle('<shop-product-carousel product-ids="1,2);alert(1"></shop-product-carousel><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeArticle('<shop-banner-carousel size="tv"></shop-banner-carousel>')).toBe('<shop-banner-carousel></shop-banner-carousel>');
    expect(sanitizeArticle('<shop-video-player video-id="javascript:1"></shop-video-player><shop-video-player video-id="abcdefghijk" start="30"></shop-video-player>')).toBe(
      '<shop-video-player video-id="abcdefghijk" start="30"></shop-video-player>',
    );
    expect(sanitizeArticle('<shop-copy-button value="KOD10" label="Kopírovať" onfocus="x"></shop-copy-button>')).toBe('<shop-copy-button value="KOD10" label="Kopírovať"></shop-copy-button>');
    expect(sanitizeArticle('<shop-review-list product-id="7"></shop-review-list><shop-unknown-thing></shop-unknown-thing>')).toBe('<shop-review-list product-id="7"></shop-review-list>');
  });

  it('turns the YouTube link of guides written before video-id into video-id', () => {
    expect(sanitizeArticle('<shop-video-player url="https://youtu.be/abcdefghijk"></shop-video-player>')).toBe('<shop-video-player video-id="abcdefghijk"></shop-video-player>');
    expect(sanitizeArticle('<shop-video-player url="https://www.youtube.com/watch?v=abcdefghijk&amp;t=3"></shop-video-player>')).toBe('<shop-video-player video-id="abcdefghijk"></shop-video-player>');
    expect(sanitizeArticle('<shop-video-player url="javascript:alert(1)"></shop-video-player><shop-video-player url="https://evil.example/abcdefghijk"></shop-video-player>')).toBe('');
  });

  describe('every listed tag and attribute', () => {
    it.each(ARTICLE_WIDGET_LIST.map((w) => [w.tag, w] as const))('%s: the example and every attribute survive', (_tag, widget) => {
      expect(sanitizeArticle(widget.example)).toBe(widget.example);
      const all = widget.attributes.map((a) => `${a.name}="${a.example}"`).join(' ');
      expect(sanitizeArticle(`<${widget.tag} ${all}></${widget.tag}>`)).toBe(`<${widget.tag} ${all}></${widget.tag}>`);
      for (const a of widget.attributes) expect(a.rule.test(a.example), `${widget.tag} ${a.name}`).toBe(true);
    });

    it.each(ARTICLE_WIDGET_LIST.map((w) => [w.tag, w] as const))('%s: hostile attributes and values are removed', (_tag, widget) => {
      const required = widget.attributes.filter((a) => a.required).map((a) => `${a.name}="${a.example}"`).join(' ');
      const hostile = [
        'onclick="alert(1)"', 'onmouseover="alert(1)"', 'style="background:url(javascript:alert(1))"', 'class="x"', 'id="x"',
        'href="javascript:alert(1)"', 'src="javascript:alert(1)"', 'slot="x"', 'is="x"', 'data-x="1"', 'tabindex="1"',
      ].join(' ');
      expect(sanitizeArticle(`<${widget.tag} ${required} ${hostile}></${widget.tag}>`)).toBe(`<${widget.tag}${required ? ` ${required}` : ''}></${widget.tag}>`);
      for (const a of widget.attributes) {
        const others = widget.attributes.filter((b) => b.required && b !== a).map((b) => `${b.name}="${b.example}"`).join(' ');
        for (const value of ['javascript:alert(1)', '"><script>alert(1)</script>', `${a.example}\u0000`, 'x'.repeat(600), `${a.example} onclick=alert(1)`]) {
          const out = sanitizeArticle(`<${widget.tag} ${others} ${a.name}="${value.replace(/"/g, '&quot;')}"></${widget.tag}>`);
          expect(out, `${widget.tag} ${a.name}=${value}`).not.toMatch(/<script/i);
          // A text (a label) may say anything, escaped; a value its rule refuses is gone, and a
          // widget whose required value is refused is gone whole.
          if (a.rule.test(value)) continue;
          expect(out, `${widget.tag} ${a.name}=${value}`).toBe(a.required ? '' : `<${widget.tag}${others ? ` ${others}` : ''}></${widget.tag}>`);
        }
      }
    });

    it('a script inside a widget tag is removed with its text', () => {
      expect(sanitizeArticle('<shop-add-to-cart product-id="5"><script>alert(1)</script><img src=x onerror=alert(1)></shop-add-to-cart>')).toBe('<shop-add-to-cart product-id="5"></shop-add-to-cart>');
    });

    it('exports the list for the back office as plain, translated data', () => {
      const list = articleWidgets((id) => `[${id}]`);
      expect(list.map((w) => w.tag)).toEqual(Object.keys(ARTICLE_WIDGETS));
      const carousel = list[0];
      expect(carousel.name).toBe('[Karusel produktov]');
      expect(carousel.attributes.map((a) => a.name)).toEqual(['product-ids', 'label']);
      expect(new RegExp(carousel.attributes[0].pattern).test('12,15,18')).toBe(true);
      expect(JSON.parse(JSON.stringify(list))).toEqual(list);
    });
  });

  it('teasers keep inline formatting only; plain text for descriptions', () => {
    expect(sanitizeTeaser('<p>Ako <a href="/x">upiecť</a> <img src="/a.svg"><strong>tortu</strong><script>x</script></p>')).toBe('<p>Ako upiecť <strong>tortu</strong></p>');
    expect(plainTextOf('<p>Prvý &amp; druhý</p><p>tretí</p>')).toBe('Prvý & druhý tretí');
    expect(plainTextOf(`<p>${'slovo '.repeat(60)}</p>`, 40)).toMatch(/^(slovo ){5}slovo…$/);
  });

  it('memoises per key and re-cleans changed text', () => {
    let calls = 0;
    const cache = new SanitizeCache((html) => (calls++, sanitizeArticle(html)), 2);
    expect(cache.get('g:1', '<p>a</p><script>x</script>')).toBe('<p>a</p>');
    cache.get('g:1', '<p>a</p><script>x</script>');
    expect(calls).toBe(1);
    expect(cache.get('g:1', '<p>b</p>')).toBe('<p>b</p>');
    expect(calls).toBe(2);
  });
});

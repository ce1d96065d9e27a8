import { describe, expect, it } from 'vitest';
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

  it('marks external links noopener and keeps https images', () => {
    expect(sanitizeArticle('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe('<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>');
    expect(sanitizeArticle('<img src="https://cdn.example/a.png" alt="a" style="x">')).toBe('<img src="https://cdn.example/a.png" alt="a" loading="lazy" />');
  });

  it('keeps the shop widget tags with their allowed, well-formed attributes only', () => {
    expect(Object.keys(ARTICLE_WIDGETS)).toEqual(['shop-product-carousel', 'shop-banner-carousel', 'shop-copy-button', 'shop-video-player', 'shop-review-list']);
    expect(sanitizeArticle('<shop-product-carousel product-ids="1,2" onclick="x" class="y"></shop-product-carousel>')).toBe('<shop-product-carousel product-ids="1,2"></shop-product-carousel>');
    expect(sanitizeArticle('<shop-product-carousel product-ids="1,2);alert(1"></shop-product-carousel>')).toBe('<shop-product-carousel></shop-product-carousel>');
    expect(sanitizeArticle('<shop-banner-carousel size="tv"></shop-banner-carousel>')).toBe('<shop-banner-carousel></shop-banner-carousel>');
    expect(sanitizeArticle('<shop-video-player url="javascript:alert(1)"></shop-video-player><shop-video-player url="https://youtu.be/abcdefghijk"></shop-video-player>')).toBe(
      '<shop-video-player></shop-video-player><shop-video-player url="https://youtu.be/abcdefghijk"></shop-video-player>',
    );
    expect(sanitizeArticle('<shop-copy-button value="KOD10" label="Kopírovať" onfocus="x"></shop-copy-button>')).toBe('<shop-copy-button value="KOD10" label="Kopírovať"></shop-copy-button>');
    expect(sanitizeArticle('<shop-review-list product-id="7"></shop-review-list><shop-unknown-thing></shop-unknown-thing>')).toBe('<shop-review-list product-id="7"></shop-review-list>');
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

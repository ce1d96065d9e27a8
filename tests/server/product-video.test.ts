import { describe, expect, it } from 'vitest';
import { formatTime, watchUrl, youtubeId } from '../../server/product/video.service';
import { plainText, sanitizeDescription } from '../../server/product/sanitize';
import { availabilitySeverity } from '../../server/product/availability';
import { parseId } from '../../server/product/product.schemas';
import { decimalPrice } from '../../server/product/product.seo';

const ID = 'dQw4w9WgXcQ';

describe('youtubeId: a video link must yield an 11-character id', () => {
  it.each([
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?t=42`,
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?feature=share&v=${ID}&t=1m`,
    `https://m.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/embed/${ID}?start=5`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}`,
    `  https://youtu.be/${ID}  `,
  ])('finds the id in %s', (url) => expect(youtubeId(url)).toBe(ID));

  it.each([
    'https://youtu.be/dQw4w9WgXc',
    'https://youtu.be/dQw4w9WgXcQQ',
    'https://youtu.be/',
    'https://youtu.be/dQw4w9WgX!Q',
    `https://youtu.be/${ID}/extra`,
    `https://www.youtube.com/watch?list=${ID}`,
    'https://www.youtube.com/watch?v=',
    `https://www.youtube.com/embed/`,
    `https://www.youtube.com/channel/${ID}`,
    `https://example.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `javascript:alert('${ID}')`,
    `ftp://youtu.be/${ID}`,
    ID,
    '',
    'nie je odkaz',
  ])('refuses %s', (url) => expect(youtubeId(url)).toBeNull());

  it('builds watch links and times for the facade', () => {
    expect(watchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(watchUrl(ID, 65.7)).toBe(`https://www.youtube.com/watch?v=${ID}&t=65s`);
    expect([formatTime(0), formatTime(65), formatTime(600), formatTime(3723)]).toEqual(['0:00', '1:05', '10:00', '1:02:03']);
  });
});

describe('product helpers', () => {
  it('keeps only safe HTML in descriptions', () => {
    const out = sanitizeDescription('<p style="color:red" onclick="x()">A <b>b</b></p><script>x()</script><iframe src="https://evil"></iframe><a href="//evil.example">c</a>');
    expect(out).toBe('<p>A <b>b</b></p><a rel="nofollow noopener">c</a>');
    expect(plainText('<p>Prvá veta &amp; druhá.</p><p>Tretia</p>')).toBe('Prvá veta & druhá. Tretia');
    expect(plainText(`<p>${'slovo '.repeat(100)}</p>`, 50).length).toBeLessThanOrEqual(50);
  });

  it('parses ids strictly', () => {
    expect([parseId('12'), parseId(' 7 '), parseId(3)]).toEqual([12, 7, 3]);
    for (const bad of ['abc', '-1', '0', '1.5', '1e3', '', '99999999999', 2 ** 40, null, undefined, {}]) expect(parseId(bad)).toBeNull();
  });

  it('maps availability codes to severities and prices to schema.org decimals', () => {
    expect([0, 1, 3, -1].map(availabilitySeverity)).toEqual(['success', 'info', 'warn', 'danger']);
    expect([decimalPrice(1299), decimalPrice(5), decimalPrice(100000)]).toEqual(['12.99', '0.05', '1000.00']);
  });
});

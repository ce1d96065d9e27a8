import { describe, expect, it } from 'vitest';
import { localPath } from '../../server/http/redirect';

describe('localPath keeps every user-influenced redirect on this site', () => {
  it.each([
    ['/nakupny-kosik', '/nakupny-kosik'],
    ['/hladaj?q=hrniec#x', '/hladaj?q=hrniec#x'],
    ['/a/../b', '/b'],
  ])('accepts the local path %s', (input, expected) => {
    expect(localPath(input)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '/\\/evil.example',
    'javascript:alert(1)',
    'https://evil.example/',
    'evil.example',
    '/\t/evil.example',
    '/%0a/evil',
    '',
    undefined,
    null,
    42,
    `/${'a'.repeat(3000)}`,
  ])('falls back for %s', (input) => {
    const result = localPath(input, '/');
    expect(result.startsWith('/')).toBe(true);
    expect(result.startsWith('//')).toBe(false);
    expect(new URL(result, 'http://shop.test').host).toBe('shop.test');
  });
});

import { parse } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { parseCookies } from '../../server/http/cookies';

describe('reading the Cookie header', () => {
  it('reads what browsers send as hono does', () => {
    for (const header of [
      'sid=abcDEF_-123; locale=cs; consent=1',
      ' sid=x ;locale=en',
      'a="quoted value"; b=%C4%8Daj; c=',
      'theme=aura-dark-pink; sid=' + 'A'.repeat(43),
    ]) {
      expect(parseCookies(header), header).toEqual(parse(header));
    }
  });

  it('keeps the first of a repeated name, skips pairs without "=", survives a broken escape', () => {
    expect(parseCookies('sid=first; sid=second')).toEqual({ sid: 'first' });
    expect(parseCookies('flag; sid=x;;')).toEqual({ sid: 'x' });
    expect(parseCookies('bad=%E0%A4%A')).toEqual({ bad: '%E0%A4%A' });
    expect(parseCookies('')).toEqual({});
  });
});

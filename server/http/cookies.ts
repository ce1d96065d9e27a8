import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';
import { requestHeader } from './request-header';

/** One cookie's value (undefined when not sent): Hono's parse of that name alone, which stops at it. */
export function cookie(c: Context, name: string): string | undefined {
  return parse(requestHeader(c, 'cookie') ?? '', name)[name];
}

import { describe, expect, it } from 'vitest';
import { installErrorReporting } from '../../widgets/lib/analytics';
import { pushEvent } from '../../widgets/lib/data-layer';

describe('analytics', () => {
  it('pushes events onto window.dataLayer', () => {
    pushEvent({ event: 'add_to_cart', value: 12.9 });
    expect(window.dataLayer).toContainEqual({ event: 'add_to_cart', value: 12.9 });
  });

  it('queues uncaught errors and unhandled rejections as exception events, installed once', () => {
    installErrorReporting();
    installErrorReporting();
    window.shopEventQueue = [];
    window.dispatchEvent(new ErrorEvent('error', { message: 'Boom', error: new Error('Boom') }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = new TypeError('fetch failed');
    window.dispatchEvent(rejection);
    expect(window.shopEventQueue).toEqual([
      { event: 'exception', description: 'Boom', fatal: true },
      { event: 'exception', description: 'TypeError: fetch failed', fatal: false },
    ]);
  });
});

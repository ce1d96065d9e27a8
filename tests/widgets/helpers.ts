import { vi } from 'vitest';
// GA4's events load their code after a server's answer (`import('…/analytics')` in the checkout
// steps): loaded here with every widget file, a test that ends right after such an answer does not
// leave vitest loading a module after the file's environment is gone (an unhandled error that fails
// the run although every test passed).
import '../../widgets/analytics';

/** Waits until `probe` returns something truthy (React schedules renders; preact batches them). */
// 10 s, not 2: a passing probe returns at once, and with vitest on every core a happy-dom file shares
// the machine with the server tests (one took 2.02 s to see an unmount that needs a timer and a render).
export async function until<T>(probe: () => T, timeout = 10_000): Promise<NonNullable<T>> {
  // Made here, so a timeout's stack names the test's line, not only this helper's.
  const waited = new Error(`until(): the probe was still empty after ${timeout} ms`);
  try {
    return await vi.waitFor(
      () => {
        const value = probe();
        if (!value) throw new Error('not yet');
        return value as NonNullable<T>;
      },
      { timeout, interval: 5 },
    );
  } catch (error) {
    if (error instanceof Error && error.message === 'not yet') throw waited;
    throw error;
  }
}

/** Lets pending tasks and microtasks run (renders, deferred unmounts). */
export async function settle(times = 3): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

export { setDefaults } from './page-defaults';

export function $(selector: string, root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>(selector);
}

export function key(target: EventTarget, keyName: string, init: KeyboardEventInit = {}): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key: keyName, bubbles: true, cancelable: true, ...init }));
}

export function jsonResponse(body: unknown, status = 200, type = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

/**
 * Polls on real macrotasks (setImmediate is left alone by fake timers), so a test with faked
 * setTimeout can wait for a render without advancing its clock.
 */
export async function untilNow<T>(probe: () => T, rounds = 200): Promise<NonNullable<T>> {
  for (let i = 0; i < rounds; i++) {
    const value = probe();
    if (value) return value as NonNullable<T>;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error('condition not met');
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRegistry, VISIBLE_MARGIN, type Registry } from '../../widgets/lib/registry';
import { settle, until } from './helpers';

let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function entry(when: Registry[string]['when']) {
  return { load: vi.fn(() => Promise.resolve()), when };
}

/** An IntersectionObserver whose callbacks the test calls; each observer's options and targets are kept. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      unobserve(target: Element) {
        this.targets.splice(this.targets.indexOf(target), 1);
      }
      disconnect() {
        this.targets.length = 0;
      }
    },
  );
  return observers;
}

describe('lazy registry', () => {
  it('loads a ready widget at start only when its tag is on the page', () => {
    document.body.innerHTML = '<shop-a></shop-a>';
    const registry = { 'shop-a': entry('ready'), 'shop-b': entry('ready') };
    stop = startRegistry(registry);
    expect(registry['shop-a'].load).toHaveBeenCalledTimes(1);
    expect(registry['shop-b'].load).not.toHaveBeenCalled();
  });

  it('loads a widget when its tag appears later, also nested in an added subtree, and only once', async () => {
    const registry = { 'shop-a': entry('ready'), 'shop-b': entry('ready') };
    stop = startRegistry(registry);
    await settle();
    expect(registry['shop-b'].load).not.toHaveBeenCalled();
    const article = document.createElement('article');
    article.innerHTML = '<div><p>Návod</p><shop-b></shop-b><shop-b></shop-b></div>';
    document.body.append(article);
    await until(() => registry['shop-b'].load.mock.calls.length > 0);
    document.body.append(document.createElement('shop-b'));
    await settle();
    expect(registry['shop-b'].load).toHaveBeenCalledTimes(1);
    expect(registry['shop-a'].load).not.toHaveBeenCalled();
  });

  it("'visible' waits for the IntersectionObserver (200px margin)", async () => {
    const observers = stubIntersectionObserver();
    document.body.innerHTML = '<shop-v></shop-v>';
    const registry = { 'shop-v': entry('visible') };
    stop = startRegistry(registry);
    expect(observers).toHaveLength(1);
    expect(observers[0].options?.rootMargin).toBe(VISIBLE_MARGIN);
    const target = document.querySelector('shop-v')!;
    expect(observers[0].targets).toEqual([target]);
    expect(registry['shop-v'].load).not.toHaveBeenCalled();

    observers[0].callback([{ target, isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(registry['shop-v'].load).not.toHaveBeenCalled();
    observers[0].callback([{ target, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(registry['shop-v'].load).toHaveBeenCalledTimes(1);
    expect(observers[0].targets).toEqual([]);
  });

  it("'visible' with `after` loads no sooner than that many ms after the page began, or at once on a touch", async () => {
    const observers = stubIntersectionObserver();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      document.body.innerHTML = '<shop-late><a href="/akcia">Banner</a></shop-late><shop-touched><a href="/akcia">Banner</a></shop-touched><shop-below></shop-below>';
      const later = () => ({ ...entry('visible'), after: 3000 });
      const registry = { 'shop-late': later(), 'shop-touched': later(), 'shop-below': later() };
      stop = startRegistry(registry);
      const [late, touched, below] = [document.querySelector('shop-late')!, document.querySelector('shop-touched')!, document.querySelector('shop-below')!];
      vi.advanceTimersByTime(1000);
      observers[0].callback([{ target: late, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      // Seen at 1 s: it waits until 3 s, and is not asked for again meanwhile.
      expect(observers[0].targets).not.toContain(late);
      vi.advanceTimersByTime(1999);
      expect(registry['shop-late'].load).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(registry['shop-late'].load).toHaveBeenCalledTimes(1);
      // A pointer on another one before it was even seen loads it at once.
      touched.dispatchEvent(new PointerEvent('pointerenter'));
      expect(registry['shop-touched'].load).toHaveBeenCalledTimes(1);
      // One seen after its time (scrolled to later) loads at once.
      expect(registry['shop-below'].load).not.toHaveBeenCalled();
      observers[0].callback([{ target: below, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      expect(registry['shop-below'].load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("'interaction' waits for the first pointer or focus on the element", () => {
    document.body.innerHTML = '<shop-i><button>fallback</button></shop-i>';
    const registry = { 'shop-i': entry('interaction') };
    stop = startRegistry(registry);
    expect(registry['shop-i'].load).not.toHaveBeenCalled();
    document.querySelector('button')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(registry['shop-i'].load).toHaveBeenCalledTimes(1);
  });

  it('a wake event loads a waiting widget before any touch, once', () => {
    document.body.innerHTML = '<shop-c><a href="/nakupny-kosik">Košík</a></shop-c>';
    const registry = { 'shop-c': { ...entry('interaction'), wake: 'shop:cart-updated' } };
    stop = startRegistry(registry);
    expect(registry['shop-c'].load).not.toHaveBeenCalled();
    document.dispatchEvent(new CustomEvent('shop:cart-updated'));
    document.dispatchEvent(new CustomEvent('shop:cart-updated'));
    document.querySelector('a')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(registry['shop-c'].load).toHaveBeenCalledTimes(1);
    expect(registry['shop-c'].load).toHaveBeenCalledWith(document.querySelector('shop-c'));
  });

  it('tries again when a widget failed to load, and reports the failure', async () => {
    const onError = vi.fn();
    const registry = { 'shop-f': { load: vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined), when: 'ready' as const } };
    document.body.innerHTML = '<shop-f></shop-f>';
    stop = startRegistry(registry, { onError });
    await until(() => onError.mock.calls.length === 1);
    document.body.append(document.createElement('shop-f'));
    await until(() => registry['shop-f'].load.mock.calls.length === 2);
  });
});

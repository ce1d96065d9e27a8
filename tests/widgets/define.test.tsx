import { useEffect, useId, useState, version } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineWidget, type WidgetProps } from '../../widgets/lib/define';
import { useWidgetId } from '../../widgets/lib/ids';
import { $, settle, until } from './helpers';

const effectsRan = vi.fn();
const unmounted = vi.fn();

function Counter({ label, data, host }: WidgetProps<{ label?: string; data?: { items: string[] } }>) {
  const [count, setCount] = useState(0);
  const id = useWidgetId();
  const raw = useId();
  useEffect(() => {
    effectsRan();
    return () => unmounted();
  }, []);
  return (
    <button type="button" className="counter" id={id} data-raw-id={raw} data-host={host.localName} onClick={() => setCount((c) => c + 1)}>
      {label ?? 'none'}:{count}:{data ? data.items.join('+') : 'no-data'}
    </button>
  );
}

defineWidget('test-counter', Counter, { props: { label: 'string', data: 'json' } });

function Disclosure({ fallbackOpen }: WidgetProps<object>) {
  const [open] = useState(fallbackOpen);
  return <p className="disclosure">{open ? 'open' : 'closed'}</p>;
}

defineWidget('test-disclosure', Disclosure);

afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
  unmounted.mockClear();
  effectsRan.mockClear();
});

describe('defineWidget', () => {
  it('never throws when a tag is defined twice', () => {
    const first = customElements.get('test-counter');
    expect(() => defineWidget('test-counter', Counter)).not.toThrow();
    expect(customElements.get('test-counter')).toBe(first);
  });

  it('replaces the server fallback with the component, passing props and the host', async () => {
    document.body.innerHTML = '<test-counter label="a" data=\'{"items":["x","y"]}\'><span class="fallback">…</span></test-counter>';
    const button = await until(() => $('.counter'));
    expect(button.textContent).toBe('a:0:x+y');
    expect(button.dataset.host).toBe('test-counter');
    expect($('.fallback')).toBeNull();
  });

  it('tells the component whether the <details> fallback was already opened', async () => {
    document.body.innerHTML =
      '<test-disclosure id="a"><details open><summary>x</summary></details></test-disclosure>' +
      '<test-disclosure id="b"><details><summary>y</summary></details></test-disclosure>';
    await until(() => document.querySelectorAll('.disclosure').length === 2 || null);
    expect($('#a .disclosure')?.textContent).toBe('open');
    expect($('#b .disclosure')?.textContent).toBe('closed');
  });

  it('survives a malformed JSON prop: the prop is undefined and the widget still renders', async () => {
    document.body.innerHTML = '<test-counter label="b" data="{not json"></test-counter>';
    const button = await until(() => $('.counter'));
    expect(button.textContent).toBe('b:0:no-data');
  });

  it('re-renders when an attribute changes', async () => {
    document.body.innerHTML = '<test-counter label="before"></test-counter>';
    await until(() => $('.counter'));
    $('test-counter')!.setAttribute('label', 'after');
    await until(() => $('.counter')?.textContent === 'after:0:no-data');
  });

  it('keeps state when the element is moved (deferred unmount)', async () => {
    document.body.innerHTML = '<div id="one"><test-counter label="m"></test-counter></div><div id="two"></div>';
    const button = await until(() => $('.counter'));
    button.click();
    button.click();
    await until(() => $('.counter')?.textContent === 'm:2:no-data');
    $('#two')!.append($('test-counter')!);
    await settle();
    expect(unmounted).not.toHaveBeenCalled();
    expect($('#two .counter')?.textContent).toBe('m:2:no-data');
    $('#two .counter')!.click();
    await until(() => $('#two .counter')?.textContent === 'm:3:no-data');
  });

  it('unmounts once the element stays removed', async () => {
    document.body.innerHTML = '<test-counter label="r"></test-counter>';
    // Effects run after paint: an element removed before that never subscribed to anything, and its
    // cleanup never runs (a full run's load once let the removal come first).
    await until(() => $('.counter') && effectsRan.mock.calls.length === 1);
    $('test-counter')!.remove();
    await until(() => unmounted.mock.calls.length === 1);
  });

  it('gives each element its own id prefix, so ids never collide', async () => {
    document.body.innerHTML = '<test-counter label="1"></test-counter><test-counter label="2"></test-counter>';
    await until(() => document.querySelectorAll('.counter').length === 2);
    const [a, b] = [...document.querySelectorAll<HTMLElement>('.counter')];
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^[\w-]+$/);
    // React's own useId takes the identifierPrefix; preact/compat ignores it (hence useWidgetId).
    if (version.startsWith('19')) expect(a.dataset.rawId).not.toBe(b.dataset.rawId);
  });
});

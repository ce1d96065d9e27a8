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

/** A lazy part the test hands over (or fails) when it likes: `ready` waits for it. */
const parts = new Map<string, { promise: Promise<void>; give: () => void; fail: () => void }>();
function part(name: string) {
  let entry = parts.get(name);
  if (!entry) {
    let give!: () => void;
    let fail!: () => void;
    const promise = new Promise<void>((resolve, reject) => ((give = resolve), (fail = () => reject(new Error('chunk failed')))));
    parts.set(name, (entry = { promise, give, fail }));
  }
  return entry;
}

function Lazy({ part: name }: WidgetProps<{ part?: string }>) {
  return <p className="lazy">drawn {name}</p>;
}

defineWidget('test-lazy', Lazy, { props: { part: 'string' }, ready: ({ part: name }) => (name ? part(name).promise : undefined) });

function Query({ fallbackForm }: WidgetProps<object>) {
  return (
    <form className="drawn">
      <input name="q" defaultValue={String(fallbackForm?.get('q') ?? '')} />
      <input type="radio" name="size" value="s" />
      <input type="radio" name="size" value="m" />
    </form>
  );
}

defineWidget('test-query', Query);

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

  it('keeps the server fallback, typed into, until the code its state needs is there', async () => {
    document.body.innerHTML = '<test-lazy part="form"><form class="fallback"><input name="name" value=""></form></test-lazy><test-lazy><span class="plain">…</span></test-lazy>';
    // Without a lazy part it draws at once; the other waits, its form still there to type in.
    await until(() => $('test-lazy:not([part]) .lazy'));
    await settle(5);
    expect($('test-lazy[part] .lazy')).toBeNull();
    expect($('.fallback')).not.toBeNull();
    part('form').give();
    expect((await until(() => $('test-lazy[part] .lazy'))).textContent).toBe('drawn form');
    expect($('.fallback')).toBeNull();
  });

  it('leaves the server fallback for good when that code never comes', async () => {
    document.body.innerHTML = '<test-lazy part="broken"><a class="fallback" href="/x">x</a></test-lazy>';
    part('broken').fail();
    await settle(5);
    expect($('.fallback')).not.toBeNull();
    expect($('.lazy')).toBeNull();
  });

  it('gives the drawn field the focus and caret the shopper had in the fallback', async () => {
    document.body.innerHTML = '<test-query><form><input name="q" value=""></form></test-query>';
    const typed = $('input[name="q"]') as HTMLInputElement;
    typed.focus();
    typed.value = 'kávovar';
    typed.setSelectionRange(3, 3);
    const drawn = (await until(() => $('.drawn input[name="q"]'))) as HTMLInputElement;
    expect(document.activeElement).toBe(drawn);
    expect(drawn.value).toBe('kávovar');
    expect([drawn.selectionStart, drawn.selectionEnd]).toEqual([3, 3]);
  });

  it('gives focus back to the same choice of a radio group, and leaves focus outside the box alone', async () => {
    document.body.innerHTML =
      '<input id="outside"><test-query><form><input type="radio" name="size" value="s"><input type="radio" name="size" value="m"></form></test-query>';
    $('input[value="m"]')!.focus();
    await until(() => $('.drawn'));
    expect(document.activeElement).toBe($('.drawn input[value="m"]'));

    document.body.innerHTML = '<input id="outside"><test-query><form><input name="q"></form></test-query>';
    $('#outside')!.focus();
    await until(() => $('.drawn'));
    expect(document.activeElement).toBe($('#outside'));
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

import r2wc from '@r2wc/core';
import { createElement, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n, loadMessages } from './i18n';
import { IdPrefixContext } from './ids';

export type PropType = 'string' | 'number' | 'boolean' | 'json';

/**
 * Every widget receives its element as `host` (for listeners on the box it draws in) and
 * `fallbackOpen`: whether a <details> in the server fallback was open when the widget mounted, so a
 * menu the shopper opened before the code arrived stays open (the renderer empties the box first).
 */
export type WidgetProps<P> = P & {
  host: HTMLElement;
  fallbackOpen: boolean;
  /**
   * The fields of the server fallback's form when the shopper changed it before the code came (a
   * quantity typed, boxes ticked: decision 166); undefined when nobody touched it or there is none.
   */
  fallbackForm?: FormData;
  /** What the widget's `readFallback` option read from the server fallback before the first render. */
  fallbackData?: unknown;
};

/** Dispatched on the host (bubbling) once a widget has replaced its server fallback (entries/early.ts waits for it). */
export const WIDGET_DRAWN = 'shop:widget-drawn';

interface Mounted {
  root?: Root;
  prefix: string;
  props: Record<string, unknown>;
  /** A pending unmount, cancelled when the element is connected again (it was only moved). */
  timer?: ReturnType<typeof setTimeout>;
  dead: boolean;
}

const mounted = new WeakMap<HTMLElement, Mounted>();
let counter = 0;

function parseProps(raw: Record<string, unknown>, types: Record<string, PropType>, host: HTMLElement, before?: Record<string, unknown>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(types)) {
    const value = raw[name];
    if (value === undefined || value === null) continue;
    if (type === 'json') {
      try {
        props[name] = JSON.parse(String(value));
      } catch {
        // The server validates what it emits; a hand-written or broken attribute must not break the page.
        props[name] = undefined;
      }
    } else if (type === 'number') {
      props[name] = Number.isFinite(value) ? value : undefined;
    } else {
      props[name] = value;
    }
  }
  props.host = host;
  // What the fallback showed when the widget first drew stays with it through later updates.
  props.fallbackOpen = before?.fallbackOpen ?? false;
  props.fallbackForm = before?.fallbackForm;
  props.fallbackData = before?.fallbackData;
  return props;
}

/** Whether any field of the form differs from what the server wrote into it. */
function touched(form: HTMLFormElement): boolean {
  return [...form.elements].some((field) => {
    if (field instanceof HTMLInputElement) return field.type === 'checkbox' || field.type === 'radio' ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
    if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
    if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
    return false;
  });
}

/**
 * The field of the fallback the shopper is typing in, to be given back in the drawn widget: the
 * first draw replaces the box's children, and a lost focus closes a phone's keyboard mid-word.
 * The same name (and value, for a radio or a box) finds it; the caret goes back where it was.
 */
function focusedField(host: HTMLElement): (() => void) | undefined {
  const field = document.activeElement as HTMLInputElement | null;
  if (!field?.name || !host.contains(field)) return;
  const { name, value, selectionStart, selectionEnd } = field;
  const same = (other: HTMLInputElement) => other.name === name && (!/radio|checkbox/.test(other.type) || other.value === value);
  return () => {
    const again = [...host.querySelectorAll<HTMLInputElement>('[name]')].find(same);
    if (!again || host.contains(document.activeElement)) return;
    again.focus();
    try {
      again.setSelectionRange(selectionStart, selectionEnd);
    } catch {
      // A field without a caret (a box, a number): the focus is what matters.
    }
  };
}

/** Announces the first commit: the fallback is gone and the widget's own controls are in the box. */
function Drawn({ host, refocus, children }: { host: HTMLElement; refocus?: () => void; children?: ReactNode }) {
  useLayoutEffect(() => {
    refocus?.();
    host.dispatchEvent(new Event(WIDGET_DRAWN, { bubbles: true }));
  }, [host]);
  return children;
}

/** What ends a press; the guard is for a press whose end never reaches the document. */
const PRESS_ENDS = ['pointerup', 'pointercancel', 'mouseup', 'touchend', 'touchcancel'] as const;
const PRESS_GUARD_MS = 3000;

/** Whether the shopper is holding a press on something in the box right now. */
function pressed(host: HTMLElement): boolean {
  try {
    return host.matches(':active');
  } catch {
    return false;
  }
}

/**
 * Runs `then` a task after the press ends. The click that ends a press is dispatched right after its
 * pointerup, so a task later the fallback has done what the press meant (its <details> opened).
 */
function afterPress(then: () => void): void {
  const finish = () => {
    for (const type of PRESS_ENDS) document.removeEventListener(type, finish, true);
    clearTimeout(guard);
    setTimeout(then, 0);
  };
  for (const type of PRESS_ENDS) document.addEventListener(type, finish, true);
  const guard = setTimeout(finish, PRESS_GUARD_MS);
}

function render(entry: Mounted, host: HTMLElement, Component: ComponentType<never>, readFallback?: (host: HTMLElement) => unknown, waitForPress = true): void {
  if (entry.dead) return;
  if (!entry.root && waitForPress && pressed(host)) {
    // Swapping the fallback between a press and its release would lose the tap: the click would land
    // on what both targets share, not on the <summary> or button the shopper pressed.
    afterPress(() => render(entry, host, Component, readFallback, false));
    return;
  }
  if (!entry.root) {
    entry.props.fallbackOpen = host.querySelector('details[open]') !== null;
    const form = host.querySelector('form');
    entry.props.fallbackForm = form && touched(form) ? new FormData(form) : undefined;
    // Read now: the first render replaces the fallback (Preact empties the box before it renders).
    if (readFallback) entry.props.fallbackData = readFallback(host);
  }
  const refocus = entry.root ? undefined : focusedField(host);
  // The first commit replaces the server fallback inside the element (same box, no flash).
  entry.root ??= createRoot(host, { identifierPrefix: entry.prefix });
  entry.root.render(
    createElement(
      IdPrefixContext.Provider,
      { value: entry.prefix },
      createElement(I18nProvider, { i18n }, createElement(Drawn, { host, refocus }, createElement(Component, entry.props as never))),
    ),
  );
}

/**
 * Registers `tag` once (a second define of the same tag is a no-op, never an exception) through
 * @r2wc/core with this renderer. The root is created only after the messages are ready, so the
 * fallback stays visible until the real widget draws; its first commit announces WIDGET_DRAWN.
 */
export function defineWidget<P extends object>(
  tag: string,
  Component: ComponentType<WidgetProps<P>>,
  options: {
    props?: { [K in keyof P & string]?: PropType };
    readFallback?: (host: HTMLElement) => unknown;
    /**
     * Code the widget needs before it may draw in this state (a lazy part of it, by its props): the
     * server fallback stays, usable, until it is there. If it never comes, the fallback stays for good.
     */
    ready?: (props: Partial<P>) => Promise<unknown> | undefined;
  } = {},
): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  const types = (options.props ?? {}) as Record<string, PropType>;
  // r2wc parses strings, numbers and booleans; JSON arrives as a string and is parsed safely here.
  const r2wcTypes = Object.fromEntries(Object.entries(types).map(([name, type]) => [name, type === 'json' ? 'string' : type]));
  const View = Component as ComponentType<never>;

  const element = r2wc<Record<string, unknown>, HTMLElement>(
    View as ComponentType<Record<string, unknown>>,
    { props: r2wcTypes as never },
    {
      mount(container, _component, rawProps) {
        const existing = mounted.get(container);
        if (existing && !existing.dead) {
          clearTimeout(existing.timer);
          existing.timer = undefined;
          existing.props = parseProps(rawProps, types, container, existing.props);
          if (existing.root) render(existing, container, View, options.readFallback);
          return container;
        }
        const entry: Mounted = { prefix: `w${++counter}-`, props: parseProps(rawProps, types, container), dead: false };
        mounted.set(container, entry);
        // Always a task later, never synchronously: an element upgraded while its children are still
        // being parsed must keep its server fallback (and its <details> state) until they are there.
        void Promise.all([loadMessages(), options.ready?.(entry.props as Partial<P>)]).then(
          () => entry.timer === undefined && render(entry, container, View, options.readFallback),
          // Without its code the widget cannot draw; the server's form and links still work.
          () => undefined,
        );
        return container;
      },
      update(container, rawProps) {
        const entry = mounted.get(container);
        if (!entry) return;
        entry.props = parseProps(rawProps, types, container, entry.props);
        if (entry.root) render(entry, container, View, options.readFallback);
      },
      unmount(container) {
        const entry = mounted.get(container);
        if (!entry) return;
        clearTimeout(entry.timer);
        // Deferred: moving an element disconnects and reconnects it in the same task; keep its state.
        entry.timer = setTimeout(() => {
          entry.dead = true;
          mounted.delete(container);
          entry.root?.unmount();
        }, 0);
      },
    },
  );

  try {
    customElements.define(tag, element);
  } catch {
    // Another bundle (the embed next to the site script) won the race; its definition serves.
  }
}

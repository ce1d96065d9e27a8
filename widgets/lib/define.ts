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

let counter = 0;

/** productId → product-id: the attribute each prop is read from. */
const attributeOf = (prop: string) => prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/** One attribute's text as the prop's type; undefined when it is malformed. */
function parse(type: PropType, text: string): unknown {
  if (type === 'number') {
    const value = parseFloat(text);
    return Number.isFinite(value) ? value : undefined;
  }
  if (type === 'boolean') return /^[ty1-9]/i.test(text);
  if (type === 'json') {
    try {
      return JSON.parse(text);
    } catch {
      // The server validates what it emits; a hand-written or broken attribute must not break the page.
      return undefined;
    }
  }
  return text;
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

/** Announces the first commit: the fallback is gone and the widget's own controls are in the box. */
function Drawn({ host, children }: { host: HTMLElement; children?: ReactNode }) {
  useLayoutEffect(() => {
    host.dispatchEvent(new Event(WIDGET_DRAWN, { bubbles: true }));
  }, [host]);
  return children;
}

function render(entry: Mounted, host: HTMLElement, Component: ComponentType<never>): void {
  if (entry.dead) return;
  if (!entry.root) {
    entry.props.fallbackOpen = host.querySelector('details[open]') !== null;
    const form = host.querySelector('form');
    entry.props.fallbackForm = form && touched(form) ? new FormData(form) : undefined;
  }
  // The first commit replaces the server fallback inside the element (same box, no flash).
  entry.root ??= createRoot(host, { identifierPrefix: entry.prefix });
  entry.root.render(
    createElement(
      IdPrefixContext.Provider,
      { value: entry.prefix },
      createElement(I18nProvider, { i18n }, createElement(Drawn, { host }, createElement(Component, entry.props as never))),
    ),
  );
}

/**
 * Registers `tag` once (a second define of the same tag is a no-op, never an exception). Our own small
 * custom element (docs/decisions/166): attributes named after the props in kebab case are parsed by
 * their declared type (an empty or removed attribute leaves the prop as it was, as @r2wc did), the
 * element's props are also settable as properties, and the root is created only after the messages
 * are ready, so the fallback stays visible until the real widget draws.
 */
export function defineWidget<P extends object>(
  tag: string,
  Component: ComponentType<WidgetProps<P>>,
  options: { props?: { [K in keyof P & string]?: PropType } } = {},
): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  const types = (options.props ?? {}) as Record<string, PropType>;
  const View = Component as ComponentType<never>;
  const propOf: Record<string, string> = {};
  for (const prop of Object.keys(types)) propOf[attributeOf(prop)] = prop;

  class Widget extends HTMLElement {
    static observedAttributes = Object.keys(propOf);
    entry?: Mounted;
    values: Record<string, unknown> = {};

    constructor() {
      super();
      for (const [attribute, prop] of Object.entries(propOf)) {
        const text = this.getAttribute(attribute);
        if (text) this.values[prop] = parse(types[prop], text);
      }
    }

    connectedCallback() {
      const existing = this.entry;
      if (existing && !existing.dead) {
        clearTimeout(existing.timer);
        existing.timer = undefined;
        this.update();
        return;
      }
      const entry: Mounted = { prefix: `w${++counter}-`, props: {}, dead: false };
      this.entry = entry;
      this.update();
      // Always a task later, never synchronously: an element upgraded while its children are still
      // being parsed must keep its server fallback (and its <details> state) until they are there.
      void loadMessages().then(() => entry.timer === undefined && render(entry, this, View));
    }

    disconnectedCallback() {
      const entry = this.entry;
      if (!entry) return;
      clearTimeout(entry.timer);
      // Deferred: moving an element disconnects and reconnects it in the same task; keep its state.
      entry.timer = setTimeout(() => {
        entry.dead = true;
        this.entry = undefined;
        entry.root?.unmount();
      }, 0);
    }

    attributeChangedCallback(attribute: string, _old: string | null, text: string | null) {
      const prop = propOf[attribute];
      if (!prop || !text) return;
      this.values[prop] = parse(types[prop], text);
      if (this.isConnected) this.update();
    }

    /** New props for the component; drawn again only once it has drawn the first time. */
    update() {
      const entry = this.entry;
      if (!entry) return;
      entry.props = { ...this.values, host: this, fallbackOpen: entry.props.fallbackOpen ?? false, fallbackForm: entry.props.fallbackForm };
      if (entry.root) render(entry, this, View);
    }
  }

  for (const prop of Object.keys(types)) {
    Object.defineProperty(Widget.prototype, prop, {
      configurable: true,
      get(this: Widget) {
        return this.values[prop];
      },
      set(this: Widget, value: unknown) {
        this.values[prop] = value;
        this.update();
      },
    });
  }

  try {
    customElements.define(tag, Widget);
  } catch {
    // Another bundle (the embed next to the site script) won the race; its definition serves.
  }
}

/**
 * Lazy definition per tag (after GitHub's Catalyst): a page downloads a widget's code only when its
 * tag is on the page, and only when the tag's strategy says so. One MutationObserver finds tags added
 * later (guide HTML, markup other widgets render), including tags nested inside added subtrees.
 * No React here: this runs in the tiny entry chunk.
 */
export type Strategy = 'ready' | 'visible' | 'interaction';

export interface WidgetEntry {
  /** Imports the widget's code; gets the first element that asked, for a check before the import. */
  load: (element: Element) => Promise<unknown>;
  when: Strategy;
  /** A document event that loads it too, whatever `when` says (the cart button wakes on a cart change). */
  wake?: string;
  /**
   * For an 'interaction' widget: true when this element has something of the shopper's to show at once
   * (a remembered layout, favourites), so it loads as 'visible' instead. Plain DOM checks only.
   */
  wanted?: (element: Element) => boolean;
  /**
   * For a 'visible' widget whose server fallback is all a shopper needs at first (the banner
   * carousel's first slide): not before this many ms after the page began (performance.now()), so
   * its code stays off the load; a touch, pointer or focus on it loads it at once.
   */
  after?: number;
  /**
   * A click on the server fallback's controls before the widget drew is held and replayed on the
   * widget's control with the same classes at the same position (decision 166): a tap on a card's
   * "Do košíka" right after load adds to the cart instead of opening the no-JS confirmation page.
   */
  replay?: boolean;
}

export type Registry = Record<string, WidgetEntry>;

export interface RegistryOptions {
  root?: Document | Element;
  onError?: (tag: string, error: unknown) => void;
}

/** 'visible' widgets start loading a little before they scroll into view. */
export const VISIBLE_MARGIN = '200px';
const INTERACTION_EVENTS = ['pointerenter', 'focusin', 'touchstart'] as const;
/** What widgets/lib/define.ts dispatches on its host after the first commit (repeated: no shared chunk). */
export const WIDGET_DRAWN = 'shop:widget-drawn';
/** The controls whose click does something by itself: these are held until the widget drew. */
const CONTROLS = 'a[href], button, summary, input[type="checkbox"], input[type="radio"], input[type="submit"]';

/**
 * The widget's equivalent of a fallback control: a radio or checkbox of the same name and value, a
 * link to the same address (the widget may draw them in another order), else the same classes (or
 * tag) at the same position among them.
 */
function equivalent(host: Element, control: Element, fallback: Element[]): Element | null {
  const same =
    control instanceof HTMLInputElement && control.name
      ? [...host.querySelectorAll<HTMLInputElement>(`input[name="${CSS.escape(control.name)}"]`)].find((field) => field.type === control.type && field.value === control.value)
      : control instanceof HTMLAnchorElement
        ? [...host.querySelectorAll<HTMLAnchorElement>('a[href]')].find((link) => link.href === control.href)
        : undefined;
  if (same) return same;
  const selector = control.classList.length > 0 ? [...control.classList].map((c) => `.${CSS.escape(c)}`).join('') : control.localName;
  const index = fallback.filter((e) => e.matches(selector)).indexOf(control);
  return host.querySelectorAll(selector)[index] ?? null;
}

/** A box's tag and attributes: the same card drawn again from the same markup has the same. */
const signature = (element: Element) => `${element.localName} ${[...element.attributes].map((a) => `${a.name}=${a.value}`).sort().join(' ')}`;

/** What the control would have done without JavaScript: follow the link or submit its form. */
function doNatively(control: Element): void {
  if (control instanceof HTMLAnchorElement) return location.assign(control.href);
  const form = (control as HTMLButtonElement).form;
  if (!form) return;
  if (!form.isConnected) {
    form.hidden = true;
    document.body.append(form);
  }
  form.requestSubmit(control instanceof HTMLButtonElement || control instanceof HTMLInputElement ? (control.type === 'submit' ? control : null) : null);
}

export function startRegistry(registry: Registry, options: RegistryOptions = {}): () => void {
  const root = options.root ?? document;
  const tags = Object.keys(registry);
  const selector = tags.join(',');
  const requested = new Set<string>();
  const waiting = new Map<string, Set<Element>>();
  let intersection: IntersectionObserver | undefined;
  let watching = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const forget = (tag: string) => {
    for (const element of waiting.get(tag) ?? []) {
      intersection?.unobserve(element);
      for (const type of INTERACTION_EVENTS) element.removeEventListener(type, onInteraction);
    }
    waiting.delete(tag);
  };

  const load = (tag: string, element: Element) => {
    if (requested.has(tag)) return;
    requested.add(tag);
    forget(tag);
    if (requested.size === tags.length) watch(false);
    registry[tag].load(element).catch((error: unknown) => {
      // Leave the server's fallback in place; the next appearance of the tag tries again.
      requested.delete(tag);
      watch(true);
      // A held click does what it does without JavaScript.
      for (const [host, control] of held) {
        if (host.localName !== tag) continue;
        held.delete(host);
        passing.add(control);
        doNatively(control);
      }
      (options.onError ?? ((t, e) => console.error(`Widget ${t} failed to load`, e)))(tag, error);
    });
  };

  // Decision 166: clicks on a replaying widget's fallback wait for the widget, then happen on its control.
  const replaying = tags.filter((tag) => registry[tag].replay).join(',');
  const drawn = new WeakSet<Element>();
  const held = new Map<Element, Element>();
  const passing = new WeakSet<Element>();
  const fallbacks = new WeakMap<Element, Element[]>();
  const onDrawn = (event: Event) => {
    const host = event.target as Element;
    drawn.add(host);
    // The held box itself, or its copy: the product list redraws its cards from the server's markup,
    // so the card that was tapped may be replaced by an identical one before its widget draws.
    const before = held.has(host) ? host : [...held.keys()].find((h) => !h.isConnected && signature(h) === signature(host));
    const control = before && held.get(before);
    if (!before || !control) return;
    held.delete(before);
    // A task later: not inside the renderer's commit that announced the drawing.
    setTimeout(() => replay(host, control, fallbacks.get(before) ?? []), 0);
  };
  function replay(host: Element, control: Element, fallback: Element[]): void {
    if (!host.isConnected) {
      // Redrawn meanwhile (the product list swaps its cards): the tap belongs to the copy.
      const copy = [...document.querySelectorAll(host.localName)].find((h) => signature(h) === signature(host));
      if (copy && !drawn.has(copy)) {
        held.set(copy, control);
        fallbacks.set(copy, fallback);
        return;
      }
      if (copy) host = copy;
    }
    const twin = host.isConnected ? equivalent(host, control, fallback) : null;
    if (twin) (twin as HTMLElement).click();
    else doNatively(control);
  }
  const onClick = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest?.(CONTROLS);
    if (!control || passing.has(control) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const host = control.closest(replaying);
    if (!host || drawn.has(host)) return;
    event.preventDefault();
    event.stopPropagation();
    // One held tap per box: a second tap while the code comes is the same wish.
    if (held.has(host)) return;
    held.set(host, control);
    // The fallback's controls as they are now, to find the position of this one among its kind.
    fallbacks.set(host, [...host.querySelectorAll(CONTROLS)]);
    load(host.localName, host);
  };

  function onInteraction(this: Element) {
    load(this.localName, this);
  }

  /** A 'visible' widget seen: loaded now, or once its `after` has passed. */
  const seen = (element: Element) => {
    const tag = element.localName;
    const wait = (registry[tag]?.after ?? 0) - performance.now();
    if (wait <= 0) return load(tag, element);
    const timer = setTimeout(() => {
      timers.delete(timer);
      load(tag, element);
    }, wait);
    timers.add(timer);
  };

  const wait = (tag: string, element: Element) => {
    const set = waiting.get(tag) ?? new Set<Element>();
    if (set.has(element)) return;
    set.add(element);
    waiting.set(tag, set);
    const entry = registry[tag];
    if (entry.when === 'visible' || (entry.when === 'interaction' && entry.wanted?.(element))) {
      if (entry.after !== undefined) for (const type of INTERACTION_EVENTS) element.addEventListener(type, onInteraction, { once: true, passive: true });
      if (typeof IntersectionObserver !== 'function') return seen(element);
      intersection ??= new IntersectionObserver(
        (entries) => entries.forEach((entry) => {
          if (!entry.isIntersecting) return;
          // Seen once is enough: a delayed load must not be scheduled again on every scroll.
          intersection?.unobserve(entry.target);
          seen(entry.target);
        }),
        { rootMargin: VISIBLE_MARGIN },
      );
      intersection.observe(element);
    } else {
      for (const type of INTERACTION_EVENTS) element.addEventListener(type, onInteraction, { once: true, passive: true });
    }
  };

  const consider = (element: Element) => {
    const tag = element.localName;
    const entry = registry[tag];
    if (!entry || requested.has(tag)) return;
    if (entry.when === 'ready' || customElements.get(tag)) load(tag, element);
    else wait(tag, element);
  };

  const scan = (node: Node) => {
    if (!(node instanceof Element) && node !== root) return;
    if (node instanceof Element && node.matches(selector)) consider(node);
    (node as ParentNode).querySelectorAll(selector).forEach(consider);
  };

  const mutations = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(scan);
  });
  // Once every tag is requested there is nothing left to look for.
  function watch(on: boolean) {
    if (on && !watching) mutations.observe(root instanceof Document ? root.documentElement : root, { childList: true, subtree: true });
    if (!on && watching) mutations.disconnect();
    watching = on;
  }

  if (tags.length === 0) return () => {};
  if (replaying) {
    document.addEventListener('click', onClick, true);
    document.addEventListener(WIDGET_DRAWN, onDrawn);
  }
  const wakers = tags.flatMap((tag) => {
    const type = registry[tag].wake;
    if (!type) return [];
    const listener = () => {
      const element = (root as ParentNode).querySelector(tag);
      if (element) load(tag, element);
    };
    document.addEventListener(type, listener);
    return [() => document.removeEventListener(type, listener)];
  });
  scan(root);
  if (requested.size < tags.length) watch(true);
  return () => {
    watch(false);
    intersection?.disconnect();
    for (const timer of timers) clearTimeout(timer);
    for (const tag of [...waiting.keys()]) forget(tag);
    for (const stop of wakers) stop();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener(WIDGET_DRAWN, onDrawn);
  };
}

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
}

export type Registry = Record<string, WidgetEntry>;

export interface RegistryOptions {
  root?: Document | Element;
  onError?: (tag: string, error: unknown) => void;
}

/** 'visible' widgets start loading a little before they scroll into view. */
export const VISIBLE_MARGIN = '200px';
const INTERACTION_EVENTS = ['pointerenter', 'focusin', 'touchstart'] as const;

export function startRegistry(registry: Registry, options: RegistryOptions = {}): () => void {
  const root = options.root ?? document;
  const tags = Object.keys(registry);
  const selector = tags.join(',');
  const requested = new Set<string>();
  const waiting = new Map<string, Set<Element>>();
  let intersection: IntersectionObserver | undefined;
  let watching = false;

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
      (options.onError ?? ((t, e) => console.error(`Widget ${t} failed to load`, e)))(tag, error);
    });
  };

  function onInteraction(this: Element) {
    load(this.localName, this);
  }

  const wait = (tag: string, element: Element) => {
    const set = waiting.get(tag) ?? new Set<Element>();
    if (set.has(element)) return;
    set.add(element);
    waiting.set(tag, set);
    if (registry[tag].when === 'visible') {
      if (typeof IntersectionObserver !== 'function') return load(tag, element);
      intersection ??= new IntersectionObserver(
        (entries) => entries.forEach((entry) => entry.isIntersecting && load(entry.target.localName, entry.target)),
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
    for (const tag of [...waiting.keys()]) forget(tag);
    for (const stop of wakers) stop();
  };
}

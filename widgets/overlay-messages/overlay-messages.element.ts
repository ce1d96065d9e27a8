import { cleanMessages, clearOfMenu, place, planOverlays, POSITIONS, side, waitingForConsent, type OverlayMessage } from './plan';

/**
 * <shop-overlay-messages> before </body>, empty on the server: toasts in their corner, popovers on
 * their target, sequenced ones one after another (spec 9). `messages` carries them (the site entry
 * asked GET /api/overlay before loading this, ask.ts: the one place that asks); without it the
 * element waits for the attribute.
 *
 * Plain DOM, not a React widget (docs/decisions/166): the demo shop has a toast on every page, and
 * drawing two boxes must not bring the 12 KB widget runtime to every page at load. The close button's
 * label comes from the server (`close-label`, translated), the Slovak text otherwise.
 */
const CLOSE_ICON =
  '<svg class="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

function findTarget(selector: string): Element | null {
  try {
    return document.querySelector(selector);
  } catch {
    return null; // An editor's malformed selector must not break the page.
  }
}

function box(className: string, live = false): HTMLDivElement {
  const div = document.createElement('div');
  div.className = className;
  if (live) div.setAttribute('aria-live', 'polite');
  return div;
}

class OverlayMessages extends HTMLElement {
  static observedAttributes = ['messages'];
  private list: OverlayMessage[] = [];
  private shown = new Map<number, { element: HTMLElement; stop?: () => void }>();
  private timers: ReturnType<typeof setTimeout>[] = [];
  private popovers?: HTMLDivElement;
  private corners = new Map<string, HTMLDivElement>();
  private teardown?: ReturnType<typeof setTimeout>;
  private started = false;

  connectedCallback() {
    clearTimeout(this.teardown);
    if (this.started) return;
    this.started = true;
    const given = this.getAttribute('messages');
    if (given) this.start(given);
  }

  disconnectedCallback() {
    // Deferred: a moved element is connected again in the same task and keeps its clock.
    this.teardown = setTimeout(() => {
      this.stop();
      this.started = false;
    }, 0);
  }

  attributeChangedCallback(_name: string, old: string | null, value: string | null) {
    if (this.started && value && value !== old) this.start(value);
  }

  private start(json: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = []; // The server validates what it emits; a broken attribute shows nothing.
    }
    this.show(cleanMessages(parsed));
  }

  /** Draws the regions and starts the clock: it starts when the list arrives. */
  private show(all: OverlayMessage[]) {
    this.stop();
    // The bar is in every page, hidden once chosen (decision 243); answered in place, the waiting toasts come.
    const open = !!document.querySelector('form.consent:not([hidden])');
    if (open) document.addEventListener('shop:consent', () => this.isConnected && this.show(all), { once: true });
    const list = waitingForConsent(all, open);
    this.list = list;
    if (list.length === 0) return;
    const toasts = list.filter((m) => m.target === null);
    for (const corner of POSITIONS) {
      if (!toasts.some((m) => m.position === corner)) continue;
      const region = box(`overlay-toasts overlay-toasts--${corner}`, true);
      this.corners.set(corner, region);
      this.append(region);
    }
    this.popovers = box('overlay-popovers', true);
    this.append(this.popovers);
    for (const step of planOverlays(list)) {
      this.timers.push(
        setTimeout(() => this.open(step.id), step.show),
        setTimeout(() => this.close(step.id), step.hide),
      );
    }
  }

  private stop() {
    this.timers.forEach(clearTimeout);
    this.timers = [];
    for (const id of [...this.shown.keys()]) this.close(id);
    this.corners.clear();
    this.popovers = undefined;
    this.replaceChildren();
  }

  private open(id: number) {
    const message = this.list.find((m) => m.id === id);
    if (!message || this.shown.has(id)) return;
    const text = document.createElement('span');
    text.className = 'overlay__text';
    text.textContent = message.text;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'overlay__close';
    close.setAttribute('aria-label', this.getAttribute('close-label') || 'Zavrieť');
    close.innerHTML = CLOSE_ICON;
    close.addEventListener('click', () => this.close(id));

    if (message.target === null) {
      const toast = box(`overlay-toast overlay--${message.severity}`);
      toast.dataset.overlayId = String(id);
      toast.append(text, close);
      this.shown.set(id, { element: toast });
      this.order(this.corners.get(message.position), (m) => m.target === null && m.position === message.position);
      return;
    }
    const target = findTarget(message.target);
    if (!target || !this.popovers) return;
    const popover = box(`overlay-popover overlay-popover--${side(message.position)} overlay--${message.severity}`);
    popover.dataset.overlayId = String(id);
    popover.append(text, close);
    // Set through the CSSOM (allowed by the CSP), never as a style attribute in markup.
    const follow = () => {
      const at = place(target.getBoundingClientRect(), message.position);
      const menu = side(message.position) === 'bottom' ? document.querySelector('nav.mega-menu') : null;
      popover.style.top = `${clearOfMenu(at.top, menu && menu.getBoundingClientRect())}px`;
      popover.style.left = `${at.left}px`;
    };
    follow();
    window.addEventListener('scroll', follow, { passive: true, capture: true });
    window.addEventListener('resize', follow);
    const stop = () => {
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
    };
    this.shown.set(id, { element: popover, stop });
    this.order(this.popovers, (m) => m.target !== null);
  }

  /** A region holds its shown messages in the order of the list, as the API sent them. */
  private order(region: HTMLElement | undefined, belongs: (m: OverlayMessage) => boolean) {
    region?.replaceChildren(...this.list.filter(belongs).flatMap((m) => this.shown.get(m.id)?.element ?? []));
  }

  private close(id: number) {
    const shown = this.shown.get(id);
    if (!shown) return;
    this.shown.delete(id);
    shown.stop?.();
    shown.element.remove();
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('shop-overlay-messages')) {
  try {
    customElements.define('shop-overlay-messages', OverlayMessages);
  } catch {
    // Another bundle (the embed next to the site script) won the race; its definition serves.
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'shop-overlay-messages': HTMLElement;
  }
}

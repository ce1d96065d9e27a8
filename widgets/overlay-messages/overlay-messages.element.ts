import { cleanMessages, planOverlays, POSITIONS, waitingForConsent, type OverlayMessage } from './plan';
import type { drawPopover } from './popover';

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
/** Stroke, width, caps and joins come from base.css's `.icon` (they overrode these attributes anyway). */
const CLOSE_ICON =
  '<svg class="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18"/></svg>';

function box(className: string, live = false): HTMLDivElement {
  const div = document.createElement('div');
  div.className = className;
  if (live) div.setAttribute('aria-live', 'polite');
  return div;
}

class OverlayMessages extends HTMLElement {
  static observedAttributes = ['messages'];
  #list: OverlayMessage[] = [];
  #shown = new Map<number, { element: HTMLElement; stop?: () => void }>();
  #timers: ReturnType<typeof setTimeout>[] = [];
  #popovers?: HTMLDivElement;
  #corners = new Map<string, HTMLDivElement>();
  #teardown?: ReturnType<typeof setTimeout>;
  #started = false;
  #drawPopover?: typeof drawPopover;

  connectedCallback() {
    clearTimeout(this.#teardown);
    if (this.#started) return;
    this.#started = true;
    const given = this.getAttribute('messages');
    if (given) this.#start(given);
  }

  disconnectedCallback() {
    // Deferred: a moved element is connected again in the same task and keeps its clock.
    this.#teardown = setTimeout(() => {
      this.#stop();
      this.#started = false;
    }, 0);
  }

  attributeChangedCallback(_name: string, old: string | null, value: string | null) {
    if (this.#started && value && value !== old) this.#start(value);
  }

  #start(json: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = []; // The server validates what it emits; a broken attribute shows nothing.
    }
    this.#show(cleanMessages(parsed));
  }

  /** Draws the regions and starts the clock: it starts when the list arrives. */
  #show(all: OverlayMessage[]) {
    this.#stop();
    // The bar is in every page, hidden once chosen (decision 243); answered in place, the waiting toasts come.
    const open = !!document.querySelector('form.consent:not([hidden])');
    if (open) document.addEventListener('shop:consent', () => this.isConnected && this.#show(all), { once: true });
    const list = waitingForConsent(all, open);
    this.#list = list;
    if (list.length === 0) return;
    const toasts = list.filter((m) => m.target === null);
    for (const corner of POSITIONS) {
      if (!toasts.some((m) => m.position === corner)) continue;
      const region = box(`overlay-toasts overlay-toasts--${corner}`, true);
      this.#corners.set(corner, region);
      this.append(region);
    }
    const run = () => {
      this.#popovers = box('overlay-popovers', true);
      this.append(this.#popovers);
      for (const step of planOverlays(list)) {
        this.#timers.push(
          setTimeout(() => this.#open(step.id), step.show),
          setTimeout(() => this.#close(step.id), step.hide),
        );
      }
    };
    if (!list.some((m) => m.target !== null)) return run();
    // The popovers' code comes first (popover.ts); if it cannot, the toasts still run.
    import('./popover').then(
      (code) => this.#list === list && ((this.#drawPopover = code.drawPopover), run()),
      () => this.#list === list && run(),
    );
  }

  #stop() {
    this.#timers.forEach(clearTimeout);
    this.#timers = [];
    this.#list = [];
    for (const id of [...this.#shown.keys()]) this.#close(id);
    this.#corners.clear();
    this.#popovers = undefined;
    this.replaceChildren();
  }

  #open(id: number) {
    const message = this.#list.find((m) => m.id === id);
    if (!message || this.#shown.has(id)) return;
    const text = document.createElement('span');
    text.className = 'overlay__text';
    text.textContent = message.text;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'overlay__close';
    close.setAttribute('aria-label', this.getAttribute('close-label') || 'Zavrieť');
    close.innerHTML = CLOSE_ICON;
    close.addEventListener('click', () => this.#close(id));

    if (message.target === null) {
      const toast = box(`overlay-toast overlay--${message.severity}`);
      toast.dataset.overlayId = String(id);
      toast.append(text, close);
      this.#shown.set(id, { element: toast });
      this.#order(this.#corners.get(message.position), (m) => m.target === null && m.position === message.position);
      return;
    }
    const popover = this.#popovers && this.#drawPopover?.(message as OverlayMessage & { target: string }, text, close);
    if (!popover) return;
    this.#shown.set(id, popover);
    this.#order(this.#popovers, (m) => m.target !== null);
  }

  /** A region holds its shown messages in the order of the list, as the API sent them. */
  #order(region: HTMLElement | undefined, belongs: (m: OverlayMessage) => boolean) {
    region?.replaceChildren(...this.#list.filter(belongs).flatMap((m) => this.#shown.get(m.id)?.element ?? []));
  }

  #close(id: number) {
    const shown = this.#shown.get(id);
    if (!shown) return;
    this.#shown.delete(id);
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

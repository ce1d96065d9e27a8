import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { Icon } from '../ui/icons';
import { Popover } from './Popover';
import { POSITIONS, cleanMessages, fetchOverlays, planOverlays, type OverlayMessage } from './plan';

export interface OverlayMessagesProps {
  /** Messages given by the page; without them the widget asks GET /api/overlay for this route. */
  messages?: unknown;
  /** The route to ask for; the current path by default. */
  route?: string;
}

function findTarget(selector: string): Element | null {
  try {
    return document.querySelector(selector);
  } catch {
    return null; // An editor's malformed selector must not break the page.
  }
}

/** Spec: toasts in their corner, popovers on their target, sequenced ones one after another. */
export function OverlayMessages({ messages, route }: WidgetProps<OverlayMessagesProps>) {
  const { i18n } = useLingui();
  const given = useMemo(() => (messages === undefined ? null : cleanMessages(messages)), [messages]);
  const [fetched, setFetched] = useState<OverlayMessage[]>([]);
  const list = given ?? fetched;
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (given) return;
    let live = true;
    // Overlays are a nicety: a failed call shows nothing rather than an error.
    fetchOverlays(route || location.pathname).then(
      (answer) => live && setFetched(answer),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [given, route]);

  // The clock starts when the list arrives; a layout effect so it starts in the same commit.
  useLayoutEffect(() => {
    const timers = planOverlays(list).flatMap((step) => [
      setTimeout(() => setShown((s) => new Set(s).add(step.id)), step.show),
      setTimeout(() => setShown((s) => (s.has(step.id) ? new Set([...s].filter((id) => id !== step.id)) : s)), step.hide),
    ]);
    return () => timers.forEach(clearTimeout);
  }, [list]);

  if (list.length === 0) return null;
  const dismiss = (id: number) => setShown((s) => new Set([...s].filter((x) => x !== id)));
  const body = (m: OverlayMessage) => (
    <>
      <span className="overlay__text">{m.text}</span>
      <button type="button" className="overlay__close" aria-label={i18n._('Zavrieť')} onClick={() => dismiss(m.id)}>
        <Icon name="close" />
      </button>
    </>
  );
  const visible = list.filter((m) => shown.has(m.id));
  const toasts = list.filter((m) => m.target === null);
  const corners = POSITIONS.filter((p) => toasts.some((m) => m.position === p));

  return (
    <>
      {corners.map((corner) => (
        <div key={corner} className={`overlay-toasts overlay-toasts--${corner}`} aria-live="polite">
          {visible
            .filter((m) => m.target === null && m.position === corner)
            .map((m) => (
              <div key={m.id} className={`overlay-toast overlay--${m.severity}`} data-overlay-id={m.id}>
                {body(m)}
              </div>
            ))}
        </div>
      ))}
      <div className="overlay-popovers" aria-live="polite">
        {visible
          .filter((m) => m.target !== null)
          .map((m) => {
            const target = findTarget(m.target!);
            return target ? (
              <Popover key={m.id} message={m} target={target}>
                {body(m)}
              </Popover>
            ) : null;
          })}
      </div>
    </>
  );
}

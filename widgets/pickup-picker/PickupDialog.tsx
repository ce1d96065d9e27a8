import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react';
import type { PickupPlace, PickupPointView } from '../../server/cart/pickup.service';
import { useWidgetId } from '../lib/ids';
import { focusables, holdFocus } from '../ui/focus';
import { Icon } from '../ui/icons';
import { mapSettings } from './map-settings';
import type { PickupMap } from './map';

export interface PickupDialogProps {
  company: number;
  country: string;
  chosen: PickupPointView | null;
  title: string;
  /** Saves the point; false when the server refused it (the dialog stays open and says so). */
  onChoose: (point: PickupPointView) => Promise<boolean>;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}

/** Typing pauses this long before the list is asked again (Enter asks at once). */
const TYPING_MS = 250;

/**
 * The pickup-point dialog (issue 23): a search box, the list of points (name, location, address;
 * arrows move between them, Enter or a click chooses) and, with a tile server configured, a map
 * with the points as markers (Leaflet and its stylesheet load only then). Modal: focus moves in and
 * stays, Escape or the backdrop closes, focus returns to the button; full screen on a phone.
 */
export function PickupDialog({ company, country, chosen, title, onChoose, onClose, returnFocus }: PickupDialogProps) {
  const { i18n } = useLingui();
  // Spec 9: shipping company 9 delivers to a post office, picked like a pickup point.
  const post = company === 9;
  const id = useWidgetId();
  const panel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  const map = useRef<PickupMap | null>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const [q, setQ] = useState('');
  const [points, setPoints] = useState<PickupPlace[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  const [settings] = useState(mapSettings);
  const [mapReady, setMapReady] = useState(false);

  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    return holdFocus(element, { first: element.querySelector<HTMLElement>('input[type="search"]'), opener: returnFocus.current, close: () => close.current(), pageClass: 'dialog-open' });
  }, [returnFocus]);

  const search = async (text: string) => {
    const ask = ++asked.current;
    const { api } = await import('../lib/api');
    try {
      const answer = await api.get('pickup-points', { searchParams: { company: String(company), country, q: text.trim() } }).json<{ items: PickupPlace[] }>();
      if (ask !== asked.current) return;
      setPoints(answer.items);
      setFailed(false);
    } catch {
      if (ask === asked.current) setFailed(true);
    }
  };
  useEffect(() => {
    const timer = setTimeout(() => void search(q), points === null ? 0 : TYPING_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  // The map's code and stylesheet come only now, and only with a tile server (no request to any otherwise).
  useEffect(() => {
    if (!settings || !mapBox.current) return;
    let gone = false;
    void import('./map').then(async ({ createPickupMap }) => {
      if (gone || !mapBox.current) return;
      map.current = await createPickupMap(mapBox.current, settings, (pointId) => {
        const button = list.current?.querySelector<HTMLButtonElement>(`[data-point="${pointId}"]`);
        button?.scrollIntoView({ block: 'nearest' });
        button?.focus();
      });
      if (gone) map.current.destroy();
      else setMapReady(true);
    });
    return () => {
      gone = true;
      map.current?.destroy();
      map.current = null;
    };
  }, [settings]);
  useEffect(() => map.current?.show(points ?? [], chosen?.id ?? null), [points, chosen, mapReady]);

  const [refused, setRefused] = useState(false);
  const choose = async (point: PickupPointView) => {
    setBusy(true);
    const saved = await onChoose(point).catch(() => false);
    setRefused(!saved);
    setBusy(false);
  };
  // Arrow keys, Home and End move between the points; Tab leaves the list.
  const onListKey = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const buttons = list.current ? focusables(list.current) : [];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined || buttons.length === 0) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, next))].focus();
  };

  return createPortal(
    <div className="pickup-dialog__layer">
      <div className="pickup-dialog__backdrop" onClick={() => close.current()} />
      <div ref={panel} className={settings ? 'pickup-dialog pickup-dialog--map' : 'pickup-dialog'} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-busy={busy} tabIndex={-1}>
        <div className="pickup-dialog__bar">
          <h2 id={`${id}-title`} className="pickup-dialog__title">
            {title}
          </h2>
          <button type="button" className="pickup-dialog__close" aria-label={i18n._('Zavrieť')} onClick={() => close.current()}>
            <Icon name="close" />
          </button>
        </div>
        <form className="pickup-dialog__search" role="search" onSubmit={(event) => (event.preventDefault(), void search(q))}>
          <label htmlFor={`${id}-q`}>{post ? i18n._('Hľadať poštu (mesto alebo PSČ)') : i18n._('Hľadať výdajné miesto (mesto alebo PSČ)')}</label>
          <input id={`${id}-q`} type="search" value={q} maxLength={60} autoComplete="off" onChange={(event) => setQ(event.currentTarget.value)} />
        </form>
        <p className="pickup-dialog__status" role="status">
          {refused
            ? i18n._('Výber sa nepodarilo uložiť. Skúste to znova.')
            : failed
            ? i18n._('Zoznam sa nepodarilo načítať. Skúste to znova.')
            : points === null
              ? ''
              : points.length === 0
                ? post
                  ? i18n._('Nenašli sme žiadnu poštu')
                  : i18n._('Nenašli sme žiadne výdajné miesto')
                : i18n._('Nájdené: {count}', { count: points.length })}
        </p>
        <div className="pickup-dialog__body">
          {settings && <div ref={mapBox} className="pickup-map" role="region" aria-label={post ? i18n._('Mapa pôšt') : i18n._('Mapa výdajných miest')} />}
          <ul ref={list} className="pickup-dialog__list" aria-labelledby={`${id}-title`} onKeyDown={onListKey}>
            {(points ?? []).map((p) => (
              <li key={p.id}>
                <button type="button" className="pickup-dialog__point" data-point={p.id} aria-pressed={chosen?.id === p.id} onClick={() => {
                    if (!busy) void choose(p);
                  }}>
                  <strong className="pickup-dialog__name">{p.name}</strong>
                  {p.location && <span className="pickup-dialog__location">{p.location}</span>}
                  <span className="pickup-dialog__address">{p.address}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>,
    document.body,
  );
}

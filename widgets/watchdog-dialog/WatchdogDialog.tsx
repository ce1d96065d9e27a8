import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { useWidgetId } from '../lib/ids';
import { focusables, holdFocus } from '../ui/focus';
import { Icon } from '../ui/icons';
import { WatchdogForm } from './WatchdogForm';

export interface WatchdogDialogProps {
  productId?: number;
  name?: string;
  /** Current B2C price in minor units (the markup's; the server checks the limit against its own, spec 5). */
  price?: number;
  currency?: string;
  quantity?: number;
}

/**
 * The price and availability watch (spec 2, 4, 5): a button opening a modal dialog. Anyone may use
 * it. The dialog is rendered at the end of <body>, focus moves in and is trapped, Escape or the
 * backdrop closes it, and focus returns to the button.
 */
export function WatchdogDialog({ productId, name, currency, quantity, host }: WidgetProps<WatchdogDialogProps>) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useWidgetId();
  const close = useRef(() => setOpen(false));

  useLayoutEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    return holdFocus(element, { first: focusables(element).find((el) => el.tagName === 'INPUT'), opener: opener.current, close: () => close.current(), pageClass: 'dialog-open' });
  }, [open]);

  // Without a product id the server's link is the only working thing: keep its address.
  const [fallback] = useState(() => host.querySelector('a')?.getAttribute('href') ?? undefined);
  if (!productId) return fallback ? <a className="watchdog-slot__open button button--ghost" href={fallback}>{i18n._('Sledovať cenu a dostupnosť')}</a> : null;

  return (
    <>
      <button ref={opener} type="button" className="watchdog-slot__open button button--ghost" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {i18n._('Sledovať cenu a dostupnosť')}
      </button>
      {open &&
        createPortal(
          <div className="watchdog-dialog__layer">
            <div className="watchdog-dialog__backdrop" onClick={() => close.current()} />
            <div ref={panel} className="watchdog-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
              <div className="watchdog-dialog__bar">
                <h2 id={titleId} className="watchdog-dialog__title">{i18n._('Sledovať cenu a dostupnosť')}</h2>
                <button type="button" className="watchdog-dialog__close" aria-label={i18n._('Zavrieť')} onClick={() => close.current()}>
                  <Icon name="close" />
                </button>
              </div>
              {name && <p className="watchdog-dialog__product">{name}</p>}
              <WatchdogForm productId={productId} currency={currency ?? 'EUR'} quantity={quantity ?? 0} onClose={() => close.current()} />
            </div>
          </div>,
          document.body,
        )}
    </>
  );
}

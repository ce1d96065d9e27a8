import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLingui } from '@lingui/react';
import type { PickupPointView } from '../../server/cart/pickup.service';
import type { PickupDialogProps } from './PickupDialog';

export interface PickupPickerProps {
  /** The chosen carrier: Packeta 10, SPS 14, or 9 (post offices). */
  company: number;
  /** The cart's delivery country: a point lies in one. */
  country: string;
  chosen: PickupPointView | null;
  /** Saves the point (POST /api/cart/pickup); true when the server took it. */
  onChoose: (point: PickupPointView) => Promise<boolean>;
  /** Opens the dialog as the box appears (spec 4: the wizard, when a pickup carrier was just chosen). */
  openNow?: boolean;
}

/**
 * Step 2's pickup-point box with JavaScript (issue 23): the chosen point and a button opening the
 * search, list and map dialog, whose code (and the map's) loads only when it opens: what
 * <shop-pickup-picker> draws over the server's select, and the checkout wizard's step 2
 * (steps/ShippingStep.tsx) draws with its own save.
 */
export function PickupPicker({ company, country, chosen, onChoose, openNow = false }: PickupPickerProps) {
  const { i18n } = useLingui();
  // Spec 9: shipping company 9 delivers to a post office, picked like a pickup point.
  const post = company === 9;
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<ComponentType<PickupDialogProps> | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const show = () => {
    setOpen(true);
    if (!Dialog) void import('./PickupDialog').then((m) => setDialog(() => m.PickupDialog));
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void (openNow && show()), [openNow]);
  const choose = async (point: PickupPointView) => {
    const saved = await onChoose(point);
    if (saved) setOpen(false);
    return saved;
  };
  const title = post ? i18n._('Vyberte poštu') : i18n._('Vyberte výdajné miesto');
  return (
    <fieldset className="choice-group pickup">
      <legend className="choice-group__title">{post ? i18n._('Pošta na vyzdvihnutie') : i18n._('Výdajné miesto')}</legend>
      {chosen && (
        <p className="pickup__chosen">
          <strong>{chosen.name}</strong>, {chosen.address}
          {chosen.location ? ` (${chosen.location})` : ''}
        </p>
      )}
      <button ref={opener} type="button" className="button button--ghost pickup__open" aria-haspopup="dialog" onClick={show}>
        {title}
      </button>
      {open && Dialog && <Dialog company={company} country={country} chosen={chosen} title={title} onChoose={choose} onClose={() => setOpen(false)} returnFocus={opener} />}
    </fieldset>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { useWidgetId } from '../lib/ids';
import { favouriteCategoryNames, setFavouriteCategory } from '../stores/favourites';
import { useDismiss } from '../ui/useDismiss';

export interface FavouritePopoverProps {
  productId?: number;
  /** Given by the favourite button; a standalone element just hides itself. */
  onClose?: () => void;
}

/** Spec: adding a product opens a popover to pick (or name) a category for it. Signed-in users only. */
export function FavouritePopover({ productId, onClose }: Partial<WidgetProps<FavouritePopoverProps>>) {
  const { i18n } = useLingui();
  const [names, setNames] = useState<string[]>([]);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [closed, setClosed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const inputId = useWidgetId();

  const close = () => {
    setClosed(true);
    onClose?.();
  };
  useDismiss(!closed, box, close);

  useEffect(() => {
    let live = true;
    favouriteCategoryNames()
      .then((list) => live && setNames(list))
      .catch(() => live && setNames([]));
    return () => {
      live = false;
    };
  }, []);

  if (closed || !productId) return null;

  const save = async (name: string) => {
    setBusy(true);
    setError('');
    try {
      await setFavouriteCategory(productId, name.trim() || null);
      close();
    } catch {
      setError(i18n._('Kategóriu sa nepodarilo uložiť. Skúste to znova.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={box} className="favourite-popover" role="dialog" aria-label={i18n._('Kategória obľúbených')}>
      <p className="favourite-popover__title">{i18n._('Pridané do obľúbených. Zaradiť do kategórie:')}</p>
      {names.length > 0 && (
        <ul className="favourite-popover__names">
          {names.map((name) => (
            <li key={name}>
              <button type="button" className="favourite-popover__name" disabled={busy} onClick={() => void save(name)}>
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="favourite-popover__new"
        onSubmit={(event) => {
          event.preventDefault();
          void save(value);
        }}
      >
        <label htmlFor={inputId}>{i18n._('Nová kategória')}</label>
        <input id={inputId} type="text" maxLength={60} value={value} onChange={(event) => setValue(event.target.value)} />
        <button type="submit" className="button button--small" disabled={busy || value.trim() === ''}>
          {i18n._('Uložiť')}
        </button>
      </form>
      {error && (
        <p className="favourite-popover__error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="favourite-popover__close" onClick={close}>
        {i18n._('Bez kategórie')}
      </button>
    </div>
  );
}

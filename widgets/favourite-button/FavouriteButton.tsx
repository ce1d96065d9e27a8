import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '../lib/define';
import { $favourites, loadFavourites, toggleFavouriteAnywhere } from '../stores/favourites';
import { $session } from '../stores/session';

export interface FavouriteButtonProps {
  productId?: number;
  blogId?: number;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg className="icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The heart on product cards, product pages and guide cards. Anonymous: local storage. Signed in:
 * the server, and a new favourite product opens the category popover.
 */
export function FavouriteButton({ productId, blogId }: WidgetProps<FavouriteButtonProps>) {
  const { i18n } = useLingui();
  const session = useStore($session);
  const favourites = useStore($favourites);
  const [busy, setBusy] = useState(false);
  // The category popover's code comes with its first opening: most hearts never open it (anonymous
  // shoppers, blogs), so the cards' JS does not carry it (docs/decisions/252).
  const [Popover, setPopover] = useState<typeof import('../favourite-popover/FavouritePopover').FavouritePopover | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    // A failed load leaves the hearts empty; a click still works and tells if the server is away.
    if (session.isLogged) loadFavourites().catch(() => undefined);
  }, [session.isLogged]);

  const kind = productId ? 'product' : 'blog';
  const id = productId || blogId;
  if (!id) return null;
  const active = (kind === 'product' ? favourites.products : favourites.blogs).includes(id);
  const label = active ? i18n._('Odobrať z obľúbených') : i18n._('Pridať do obľúbených');

  const toggle = async () => {
    setBusy(true);
    setError('');
    try {
      const added = await toggleFavouriteAnywhere(kind, id);
      if (added && kind === 'product' && session.isLogged) {
        // Saved already: if the popover's code cannot come, the heart simply stays filled.
        const popover = await import('../favourite-popover/FavouritePopover').then((module) => module.FavouritePopover, () => null);
        setPopover(() => popover);
      } else setPopover(null);
    } catch {
      setError(i18n._('Obľúbené sa nepodarilo uložiť. Skúste to znova.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="favourite-button__box">
      <button
        type="button"
        className={active ? 'favourite-button__toggle favourite-button__toggle--active' : 'favourite-button__toggle'}
        aria-pressed={active ? 'true' : 'false'}
        aria-label={label}
        title={label}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <Heart filled={active} />
      </button>
      {Popover && <Popover productId={id} onClose={() => setPopover(null)} />}
      {error && (
        <span className="favourite-button__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

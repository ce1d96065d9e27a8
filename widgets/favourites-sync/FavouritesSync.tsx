import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { syncFavouritesAfterSignIn } from '../stores/favourites';
import { $session } from '../stores/session';

/**
 * Rendered (hidden) in the header for signed-in visitors only: pushes favourites kept in local
 * storage to the server once the visitor is signed in (spec 4). Draws nothing.
 */
export function FavouritesSync() {
  const session = useStore($session);
  useEffect(() => {
    // A failure keeps the local ids; the next page tries again.
    if (session.isLogged) syncFavouritesAfterSignIn().catch(() => undefined);
  }, [session.isLogged]);
  return null;
}

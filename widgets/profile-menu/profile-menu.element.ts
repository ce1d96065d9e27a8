import { defineWidget } from '../lib/define';
import { ProfileMenu } from './ProfileMenu';

/**
 * <shop-profile-menu> upgrading <details class="profile-menu"><summary>…</summary><nav>…</nav></details>;
 * the session (logged in, name, roles) comes from $session, not from attributes.
 */
defineWidget('shop-profile-menu', ProfileMenu);

declare global {
  interface HTMLElementTagNameMap {
    'shop-profile-menu': HTMLElement;
  }
}

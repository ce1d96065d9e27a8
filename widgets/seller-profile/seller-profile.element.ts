import { defineWidget } from '../lib/define';
import { SellerProfile } from './SellerProfile';

/** <shop-seller-profile profile='{id,name,description,image,locked}' locked> on /moje/udaje-obchodu. */
defineWidget('shop-seller-profile', SellerProfile, { props: { api: 'string', profile: 'json' } });

declare global {
  interface HTMLElementTagNameMap {
    'shop-seller-profile': HTMLElement;
  }
}

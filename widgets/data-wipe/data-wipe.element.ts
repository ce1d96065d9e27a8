import { defineWidget } from '../lib/define';
import { DataWipe } from './DataWipe';

/** <shop-data-wipe> on /obnova. */
defineWidget('shop-data-wipe', DataWipe);

declare global {
  interface HTMLElementTagNameMap {
    'shop-data-wipe': HTMLElement;
  }
}

import { defineWidget } from '../lib/define';
import { ThemeSwitch } from './ThemeSwitch';

/** <shop-theme-switch> upgrading <button type="button" class="theme-switch" disabled aria-label="Prepnúť tému">. */
defineWidget('shop-theme-switch', ThemeSwitch);

declare global {
  interface HTMLElementTagNameMap {
    'shop-theme-switch': HTMLElement;
  }
}

import { useStore } from '@nanostores/react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '../lib/define';
import { $theme, THEMES, toggleTheme } from '../stores/theme';
import { Icon } from '../ui/icons';

/** Switches between the light and the dark pink theme; pressed means dark. */
export function ThemeSwitch(_props: WidgetProps<object>) {
  const { i18n } = useLingui();
  const dark = useStore($theme) === THEMES.dark;
  return (
    <button type="button" className="theme-switch" aria-label={i18n._('Prepnúť tému')} aria-pressed={dark ? 'true' : 'false'} onClick={() => toggleTheme()}>
      <Icon name={dark ? 'moon' : 'sun'} className="theme-switch__icon" />
    </button>
  );
}

/**
 * What widgets use of `@lingui/react`: the provider and `useLingui()` (docs/decisions/164). Widgets
 * render only after their locale is active (widgets/lib/define.ts), and a page never switches
 * locale, so the provider passes the instance down without listening for changes.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { I18n } from './core';

interface Lingui {
  i18n: I18n;
  _: I18n['_'];
}

export const LinguiContext = createContext<Lingui | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <LinguiContext.Provider value={{ i18n, _: i18n.t }}>{children}</LinguiContext.Provider>;
}

export function useLingui(): Lingui {
  return useContext(LinguiContext) as Lingui;
}

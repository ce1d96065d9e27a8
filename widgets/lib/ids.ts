import { createContext, useContext, useId } from 'react';

/** The prefix define.ts gives each element's root (React's identifierPrefix, same value). */
export const IdPrefixContext = createContext('');

/**
 * A DOM id unique on the page. React prefixes useId() with the root's identifierPrefix; preact/compat
 * ignores that option and numbers ids per root from zero, so two widgets would collide without this.
 */
export function useWidgetId(): string {
  const prefix = useContext(IdPrefixContext);
  const id = useId().replace(/[^\w-]/g, '');
  return id.includes(prefix) ? id : `${prefix}${id}`;
}

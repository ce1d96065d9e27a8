import { createHash } from 'node:crypto';

/**
 * The one inline script of every page: applies the theme the shopper chose (localStorage) before the
 * first paint, so a dark page never flashes light. The same bytes on every response, it is allowed by its
 * hash in the Content-Security-Policy (decision 181), not by a per-response nonce no shared cache could keep.
 */
export const THEME_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t==='aura-dark-pink'||t==='aura-light-pink')document.documentElement.dataset.theme=t}catch(e){}";

/** The CSP source expression for THEME_SCRIPT. */
export const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

import { createHash } from 'node:crypto';

/**
 * The one inline script of every page: applies the theme the shopper chose (localStorage) before
 * the first paint, so a dark page never flashes light. It is the same bytes on every response, so
 * the Content-Security-Policy allows it by its hash instead of a per-response nonce (decision 181):
 * pages then hold nothing per response and the anonymous page cache can keep them compressed.
 */
export const THEME_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t==='aura-dark-pink'||t==='aura-light-pink')document.documentElement.dataset.theme=t}catch(e){}";

/** The CSP source expression for THEME_SCRIPT. */
export const THEME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

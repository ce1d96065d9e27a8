import { i18n, loadMessages } from '../lib/i18n';
import { LINK_CONFIRMED, noteLinkAnswered, type LinkConfirmedDetail } from './events';

/**
 * The confirm-link directive (spec 7): a link marked `data-confirm-link` does a GET on its address
 * (asking for JSON) and shows a success or failure notice in its place. The server answers the same
 * address with a page saying the same to a plain click, so without JavaScript it is an ordinary link.
 * The answer's `message` (success) or problem `detail` (failure) is shown; a lost connection keeps
 * the link for another try.
 */
export async function confirmLink(link: HTMLAnchorElement): Promise<void> {
  if (link.getAttribute('aria-busy') === 'true') return;
  link.setAttribute('aria-busy', 'true');
  let ok = false;
  let body: unknown = null;
  let text = '';
  let reached = false;
  try {
    const response = await fetch(link.href, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    reached = true;
    ok = response.ok;
    body = await response.json().catch(() => null);
    const answer = (body ?? {}) as { message?: unknown; detail?: unknown };
    text = typeof answer.message === 'string' ? answer.message : typeof answer.detail === 'string' ? answer.detail : '';
  } catch {
    // No answer: said below, and the link stays.
  }
  await loadMessages();
  if (!text) text = ok ? i18n._('Hotovo.') : reached ? i18n._('Nepodarilo sa to. Skúste to znova neskôr.') : i18n._('Spojenie so serverom zlyhalo. Skúste to znova.');
  const notice = document.createElement('span');
  notice.className = `confirm-link__notice confirm-link__notice--${ok ? 'success' : 'fail'}`;
  notice.setAttribute('role', ok ? 'status' : 'alert');
  notice.textContent = text;
  link.removeAttribute('aria-busy');
  if (reached) noteLinkAnswered();
  link.dispatchEvent(new CustomEvent<LinkConfirmedDetail>(LINK_CONFIRMED, { bubbles: true, detail: { ok, body } }));
  if (reached) link.replaceWith(notice);
  else link.after(notice);
}

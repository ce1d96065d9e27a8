/** What <shop-stream> reads from the server's markup before it draws the same box. */
export interface StreamMessageItem {
  id: number;
  name: string;
  text: string;
}
export interface StreamCounts {
  count_user: number;
  count_like: number;
  count_comment: number;
}
export interface StreamFallback {
  messages: StreamMessageItem[];
  counts: StreamCounts;
  stateText: string;
  /** The no-JS chat form's kept values and errors (a re-rendered form). */
  text: string;
  name: string;
  errors: Record<string, string>;
}

const count = (host: HTMLElement, name: string) => Number(host.querySelector(`[data-count="${name}"]`)?.textContent?.trim() ?? 0) || 0;

export function readStream(host: HTMLElement): StreamFallback {
  const messages = [...host.querySelectorAll<HTMLElement>('.stream-chat__message')].map((li) => ({
    id: Number(li.dataset.message),
    // The server writes a nameless message as the translated "Divák"; the widget does the same for an empty name.
    name: li.querySelector('.stream-chat__name')?.textContent ?? '',
    text: li.querySelector('.stream-chat__text')?.textContent ?? '',
  }));
  const errors: Record<string, string> = {};
  for (const p of host.querySelectorAll<HTMLElement>('.stream-chat__error[data-field]')) errors[p.dataset.field!] = p.textContent ?? '';
  const alert = host.querySelector('.stream-chat__alert');
  if (alert) errors._form = alert.textContent ?? '';
  return {
    messages,
    counts: { count_user: count(host, 'count_user'), count_like: count(host, 'count_like'), count_comment: count(host, 'count_comment') },
    stateText: host.querySelector('.stream-state')?.textContent ?? '',
    text: host.querySelector<HTMLTextAreaElement>('.stream-chat__form textarea')?.value ?? '',
    name: host.querySelector<HTMLInputElement>('.stream-chat__form input[name="name"]')?.value ?? '',
    errors,
  };
}

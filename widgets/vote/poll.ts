/** What a poll's widgets know of it: read from the server's markup, or from GET /api/vote/{id}. */
export interface PollChoice {
  id: string;
  name: string;
}
export interface Poll {
  name: string;
  description: string;
  active: boolean;
  choices: PollChoice[];
  /** The server's answer to a no-JS send shown in the fallback (thanks), kept when the widget draws. */
  message: string;
}

/** Reads the server's form inside <shop-vote> before the widget replaces it. */
export function readPoll(host: HTMLElement): Poll | null {
  const form = host.querySelector('form.vote');
  if (!form) return null;
  const choices = [...form.querySelectorAll<HTMLInputElement>('input[name="choice"]')].map((input) => ({
    id: input.value,
    name: input.closest('label')?.textContent?.trim() ?? input.value,
  }));
  return {
    name: form.querySelector('.vote__name')?.textContent?.trim() ?? '',
    description: form.querySelector('.vote__description')?.textContent?.trim() ?? '',
    active: host.getAttribute('inactive') !== 'true',
    choices,
    message: form.querySelector('.vote__success')?.textContent?.trim() ?? '',
  };
}


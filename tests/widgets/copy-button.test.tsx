import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/copy-button/copy-button.element';
import { $, until, untilNow } from './helpers';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('copy button', () => {
  it('copies through navigator.clipboard and shows the done state for 1000 ms', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    document.body.innerHTML = '<shop-copy-button value="SK31 1200 0000 1987 4263 7541" label="Kopírovať IBAN"><span class="copy-button"><code>SK31 1200 0000 1987 4263 7541</code></span></shop-copy-button>';
    const button = await until(() => $('.copy-button__action'));
    expect(button.getAttribute('aria-label')).toBe('Kopírovať IBAN');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    button.click();
    await untilNow(() => $('.copy-button--done'));
    expect(writeText).toHaveBeenCalledWith('SK31 1200 0000 1987 4263 7541');
    expect($('.copy-button__status')?.textContent).toBe('Skopírované');

    vi.advanceTimersByTime(999);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect($('.copy-button--done')).not.toBeNull();
    vi.advanceTimersByTime(1);
    await untilNow(() => !$('.copy-button--done'));
  });

  it('falls back to a hidden textarea when the clipboard API refuses', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: () => Promise.reject(new Error('denied')) } as unknown as Clipboard);
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    document.body.innerHTML = '<shop-copy-button value="KOD10"></shop-copy-button>';
    (await until(() => $('.copy-button__action'))).click();
    await until(() => $('.copy-button--done'));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
    expect($('.copy-button__action')?.getAttribute('aria-label')).toBe('Kopírovať');
  });
});

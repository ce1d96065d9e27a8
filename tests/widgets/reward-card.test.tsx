import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/reward-card/reward-card.element';
import { $, jsonResponse, settle, setDefaults, until, untilNow } from './helpers';

type Call = { method: string; url: string; csrf: string | null };

function server(answer: () => Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push({ method: request.method, url: new URL(request.url).pathname, csrf: request.headers.get('x-csrf-token') });
      return answer();
    }),
  );
  return calls;
}

const card = (attrs: string) =>
  `<shop-reward-card ${attrs}><div class="reward-card"><h3 class="reward-card__name">Odmena</h3><form method="post" action="/moje/body/ziskaj/7"><button type="submit">Získaj</button></form></div></shop-reward-card>`;
const button = () => $('button.reward-card__button') as HTMLButtonElement;

afterEach(async () => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
});

describe('reward card', () => {
  it('claims with the CSRF header, shows "Získavam ..." while busy, then stays disabled', async () => {
    setDefaults({ csrf: 'token-1' });
    let release: (r: Response) => void = () => {};
    const calls = server(() => new Promise<Response>((resolve) => (release = resolve)));
    const changed = vi.fn();
    document.addEventListener('shop:points-changed', changed);
    document.body.innerHTML = card('item="7" name="Semienka" price="40"');
    await until(() => $('button.reward-card__button'));
    expect(button().textContent).toBe('Získaj');
    expect(button().disabled).toBe(false);
    button().click();
    await until(() => button().textContent === 'Získavam ...');
    expect(button().disabled).toBe(true);
    await until(() => calls.length === 1);
    expect(calls[0]).toEqual({ method: 'GET', url: '/api/consumer/point/7/buy', csrf: 'token-1' });
    release(jsonResponse({ id: 1, balance: 10 }));
    await until(() => $('.reward-card__toast--success'));
    expect($('.reward-card__toast')!.textContent).toBe('Potvrdenie: Získal si body');
    expect(button().textContent).toBe('Získaj');
    expect(button().disabled).toBe(true);
    expect((changed.mock.calls[0][0] as CustomEvent).detail).toEqual({ balance: 10 });
    document.removeEventListener('shop:points-changed', changed);
  });

  it('shows "Chyba: Nezískal si body" for 2 s when the claim fails, and can be tried again', async () => {
    server(async () => jsonResponse({ status: 409, title: 'Conflict', detail: 'Nedostatok bodov' }, 409, 'application/problem+json'));
    document.body.innerHTML = card('item="7" name="Semienka"');
    await until(() => $('button.reward-card__button'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    button().click();
    await untilNow(() => $('.reward-card__toast--error'));
    expect($('.reward-card__toast')!.textContent).toBe('Chyba: Nezískal si body');
    await untilNow(() => !button().disabled);
    vi.advanceTimersByTime(1999);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect($('.reward-card__toast')).not.toBeNull();
    vi.advanceTimersByTime(1);
    await untilNow(() => !$('.reward-card__toast'));
  });

  it('is disabled when the item is disabled, and never calls the server', async () => {
    const calls = server(async () => jsonResponse({}));
    document.body.innerHTML = card('item="7" name="Vypnutá" disabled="true"');
    await until(() => $('button.reward-card__button'));
    expect(button().disabled).toBe(true);
    button().click();
    await settle();
    expect(calls).toHaveLength(0);
    expect($('.reward-card--disabled')).not.toBeNull();
  });
});

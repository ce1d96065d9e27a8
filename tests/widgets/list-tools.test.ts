import { afterEach, describe, expect, it, vi } from 'vitest';
import { enableListTools } from '../../widgets/entries/list-tools';

enableListTools();

afterEach(() => {
  document.body.innerHTML = '';
});

const FORM = (cls: string) => `<form class="${cls}" method="get" action="/kuchyna"><input name="q" value="hrniec"><select name="sort"><option value="">Odporúčané</option><option value="price">Od najlacnejších</option></select><button type="submit">Zobraziť</button></form>`;

describe('the list tools’ order', () => {
  it('submits its form when the shopper picks another order', () => {
    document.body.innerHTML = FORM('list-tools');
    const form = document.querySelector('form')!;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    const select = form.querySelector('select')!;
    select.value = 'price';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(new FormData(form).get('sort')).toBe('price');
  });

  it('leaves other forms’ selects alone', () => {
    document.body.innerHTML = FORM('checkout');
    const form = document.querySelector('form')!;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    form.querySelector('select')!.dispatchEvent(new Event('change', { bubbles: true }));
    expect(submitted).not.toHaveBeenCalled();
  });
});

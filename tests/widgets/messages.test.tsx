import { afterEach, describe, expect, it } from 'vitest';
import '../../widgets/messages/messages.element';
import { $, settle, until } from './helpers';

/** 25 received messages, newest first, as GET consumer/notification/list gives them. */
const message = (id: number) => ({ id, isSent: false, sentAt: '2026-11-01T08:05:00Z', title: `Predmet ${id}`, text: `Text ${id}`, seenAt: '2026-11-02T08:05:00Z' });
const html = (value: unknown) => `<shop-messages initial="${JSON.stringify(value).replace(/"/g, '&quot;')}"><div class="messages"></div></shop-messages>`;
const titles = () => [...document.querySelectorAll('.messages__title')].map((td) => td.textContent);

afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
});

describe('Správy: the table paged in the browser', () => {
  it('shows 10 rows of 25 on 3 pages; page 3 holds the last 5; 50 rows a page shows all on one page', async () => {
    document.body.innerHTML = html({ items: Array.from({ length: 25 }, (_, i) => message(i + 1)), size: 10 });
    await until(() => titles().length === 10);
    expect(titles()[0]).toBe('Predmet 1');
    expect(document.querySelectorAll('.pager__pages li')).toHaveLength(3);
    expect($('[aria-current="page"]')!.textContent).toBe('1');
    [...document.querySelectorAll<HTMLButtonElement>('.pager__page')].find((b) => b.textContent === '3')!.click();
    await until(() => titles().length === 5);
    expect(titles()).toEqual(['Predmet 21', 'Predmet 22', 'Predmet 23', 'Predmet 24', 'Predmet 25']);
    expect($('[aria-current="page"]')!.textContent).toBe('3');
    const select = $('.pager__size select') as HTMLSelectElement;
    select.value = '50';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => titles().length === 25);
    expect(document.querySelector('.pager__pages')).toBeNull();
  });

  it('starts at the size the page gave, and at 10 for a size it does not offer', async () => {
    document.body.innerHTML = html({ items: Array.from({ length: 25 }, (_, i) => message(i + 1)), size: 20 });
    await until(() => titles().length === 20);
    expect(($('.pager__size select') as HTMLSelectElement).value).toBe('20');
    document.body.innerHTML = '';
    await settle();
    document.body.innerHTML = html({ items: Array.from({ length: 25 }, (_, i) => message(i + 1)), size: 7 });
    await until(() => titles().length === 10);
  });
});

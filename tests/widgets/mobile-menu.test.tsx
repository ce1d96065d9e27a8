import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { createEta } from '../../server/render/eta';
import '../../widgets/mobile-menu/mobile-menu.element';
import { $, key, settle, until } from './helpers';

const ROOT = join(dirname(import.meta.filename), '../..');

const node = (id: number, name: string, url: string, children: unknown[] = []) => ({ id, name, url, children });
const MENU = {
  product: [
    node(1, 'Kozmetika', '/kozmetika', [
      node(11, 'Pleť', '/plet', [node(111, 'Krémy', '/kremy'), node(112, 'Séra', '/sera')]),
      node(12, 'Vlasy', '/vlasy'),
    ]),
    node(2, 'Darčeky', '/darceky'),
  ],
  blog: [node(3, 'Návody a inšpirácie', '/navody-inspiracie', [node(31, 'Líčenie', '/navody-inspiracie/licenie')])],
};

/** The header's mega menu exactly as the server renders it (the drawer reads its tree from there). */
const MEGA_MENU = createEta({ root: ROOT, production: false }).render('/partials/mega-menu', { t: (id: string) => id, menu: MENU });

const FALLBACK =
  '<shop-mobile-menu><details class="mobile-menu"><summary aria-label="Menu">☰</summary><ul><li><a href="/kozmetika">Kozmetika</a></li></ul></details></shop-mobile-menu>';

const items = () => [...document.querySelectorAll<HTMLElement>('.mobile-menu__level .mobile-menu__item')].map((el) => el.textContent);
const item = (name: string) => [...document.querySelectorAll<HTMLElement>('.mobile-menu__item')].find((el) => el.textContent === name)!;

afterEach(async () => {
  // Unmount first: the drawer is portalled into <body>, so wiping <body> under it would pull it away from React.
  document.querySelectorAll('shop-mobile-menu').forEach((el) => el.remove());
  await settle();
  document.body.innerHTML = '';
});

async function open(megaMenu = MEGA_MENU): Promise<HTMLElement> {
  document.body.innerHTML = `<header>${FALLBACK}${megaMenu}</header>`;
  const toggle = await until(() => $('.mobile-menu__toggle'));
  expect(toggle.getAttribute('aria-label')).toBe('Menu');
  toggle.click();
  await until(() => $('[role="dialog"]'));
  return toggle;
}

describe('mobile menu', () => {
  it('opens a drawer with product then blog roots, a home link and a search form', async () => {
    const toggle = await open();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(items()).toEqual(['Kozmetika', 'Darčeky', 'Návody a inšpirácie']);
    expect($('.mobile-menu__home')?.getAttribute('href')).toBe('/');
    expect($('.mobile-menu__back')).toBeNull();
    const form = $('.mobile-menu__search') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/hladaj');
    const query = form.querySelector('input') as HTMLInputElement;
    expect(query.name).toBe('q');
    expect(query.placeholder).toBe('Hľadať produkty');
  });

  it('drills down two levels with a "Všetko z" link, and back returns level by level', async () => {
    await open();
    item('Kozmetika').click();
    await until(() => $('.mobile-menu__title')?.textContent === 'Kozmetika');
    expect(items()).toEqual(['Všetko z Kozmetika', 'Pleť', 'Vlasy']);
    expect($('.mobile-menu__item--all')?.getAttribute('href')).toBe('/kozmetika');
    expect(document.activeElement).toBe($('.mobile-menu__item--all'));

    item('Pleť').click();
    await until(() => $('.mobile-menu__title')?.textContent === 'Pleť');
    expect(items()).toEqual(['Všetko z Pleť', 'Krémy', 'Séra']);
    expect(item('Krémy').getAttribute('href')).toBe('/kremy');

    $('.mobile-menu__back')!.click();
    await until(() => $('.mobile-menu__title')?.textContent === 'Kozmetika');
    $('.mobile-menu__back')!.click();
    await until(() => !$('.mobile-menu__title'));
    expect(items()).toEqual(['Kozmetika', 'Darčeky', 'Návody a inšpirácie']);
    expect($('.mobile-menu__back')).toBeNull();
  });

  it('home links to the home route at any level', async () => {
    await open();
    item('Návody a inšpirácie').click();
    await until(() => $('.mobile-menu__title'));
    expect(items()).toEqual(['Všetko z Návody a inšpirácie', 'Líčenie']);
    expect($('.mobile-menu__home')?.getAttribute('href')).toBe('/');
  });

  it('Escape closes the drawer, resets the level and returns focus to the hamburger', async () => {
    const toggle = await open();
    item('Kozmetika').click();
    await until(() => $('.mobile-menu__title'));
    key(document.activeElement ?? document.body, 'Escape');
    await until(() => !$('[role="dialog"]'));
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    await until(() => $('[role="dialog"]'));
    expect($('.mobile-menu__title')).toBeNull();
  });

  it('takes names and links from the mega menu into links of its own', async () => {
    await open();
    expect(MEGA_MENU).toContain('data-menu-part="product"');
    expect($('.mobile-menu__nav')!.querySelectorAll('.mega-menu__link')).toHaveLength(0);
    expect(items()).toEqual(['Kozmetika', 'Darčeky', 'Návody a inšpirácie']);
    expect(item('Darčeky').getAttribute('href')).toBe('/darceky');
  });

  it('a page without a mega menu, or with a broken one, gives an empty menu, not an error', async () => {
    await open('');
    expect(items()).toEqual([]);
    expect($('.mobile-menu__search')).not.toBeNull();
    document.querySelectorAll('shop-mobile-menu').forEach((el) => el.remove());
    await settle();
    await open('<nav class="mega-menu"><ul data-menu-part="product"><li>no link<ul><li><a>no href</a></li></ul></li></ul></nav>');
    expect(items()).toEqual([]);
  });
});

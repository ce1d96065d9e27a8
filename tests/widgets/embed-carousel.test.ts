import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineCarousel } from '../../widgets/embed/carousel.element';
import { RESERVE_CSS } from '../../widgets/embed/box';
import { jsonResponse, settle, until } from './helpers';

/**
 * The partner embed's carousel (widgets/embed, issue 19) in happy-dom: one request for all its
 * products, its own shadow root and stylesheet, and a quiet message in its box for every kind of
 * bad input or failure, with no exception and no console output on the partner's page.
 */
const ORIGIN = 'https://obchod.example';
const CONFIG = { shop: 'cz', locale: 'cs', origin: ORIGIN, partner: 'partner.example' };
const TAG = 'shop-product-carousel';

const product = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Hrnec ${id}`,
  url: `${ORIGIN}/hrnec-${id}`,
  image: `${ORIGIN}/data/product/image/medium/sk/hrnec-${id}.svg`,
  price: 12900,
  price_old: null,
  price_formatted: '129,00 Kč',
  price_old_formatted: null,
  availability: 'Skladem',
  availability_severity: 'success',
  ribbons: [{ type: 'novinka', label: 'Novinka' }],
  cart_url: `${ORIGIN}/nakupny-kosik/pridat?product_id=${id}`,
  ...extra,
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => {
  defineCarousel(CONFIG);
  // The same element told an unknown shop and language by its script tag.
  defineCarousel({ ...CONFIG, shop: 'pl', locale: 'xx' }, 'shop-product-carousel-misconfigured');
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function stubFetch(answer: (url: string) => Response | Promise<Response>) {
  fetchMock = vi.fn((input: RequestInfo | URL) => Promise.resolve(answer(String(input))));
  vi.stubGlobal('fetch', fetchMock);
}

function place(attributes: Record<string, string>, tag = TAG): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const shadow = (element: HTMLElement) => element.shadowRoot!;
const message = (element: HTMLElement) => until(() => shadow(element).querySelector('.message')?.textContent);

describe('<shop-product-carousel> on a partner page', () => {
  it('asks once for all its products and draws them in its own shadow root with absolute links that open the shop', async () => {
    stubFetch(() => jsonResponse({ shop: 'cz', locale: 'cs', currency: 'CZK', products: [product(12), product(15), product(18)] }));
    const element = place({ 'product-ids': '12, 15,18,12', label: 'Naše hrnce' });
    expect(shadow(element)).toBeTruthy();
    // Skeleton cards while the one request is out, in the same box.
    expect(shadow(element).querySelectorAll('.skeleton')).toHaveLength(3);
    await until(() => shadow(element).querySelectorAll('.card[part=card]').length === 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${ORIGIN}/api/embed/products?shop=cz&locale=cs&ids=12%2C15%2C18`);
    expect(init.credentials).toBe('omit');

    const root = shadow(element);
    expect(root.querySelector('[part=label]')!.textContent).toBe('Naše hrnce');
    expect(root.querySelector('[part=title]')!.textContent).toBe('Hrnec 12');
    expect(root.querySelector('[part=price]')!.textContent).toBe('129,00 Kč');
    expect(root.querySelector<HTMLImageElement>('[part=image]')!.src).toBe(`${ORIGIN}/data/product/image/medium/sk/hrnec-12.svg`);
    const button = root.querySelector<HTMLAnchorElement>('[part=button]')!;
    expect(button.href).toBe(`${ORIGIN}/nakupny-kosik/pridat?product_id=12&partner=partner.example`);
    for (const link of root.querySelectorAll('a')) {
      expect(link.target).toBe('_blank');
      expect(link.rel).toBe('noopener');
    }
    // Its stylesheet is adopted by the shadow root; the partner's document gets nothing.
    expect(root.adoptedStyleSheets).toHaveLength(1);
    expect(document.adoptedStyleSheets).toHaveLength(0);
    expect(document.querySelectorAll('style, link')).toHaveLength(0);
  });

  it('asks again only when what it shows changes, and a category by its slug and limit', async () => {
    stubFetch(() => jsonResponse({ products: [product(1)] }));
    const element = place({ category: 'hrnce', limit: '8' });
    await until(() => shadow(element).querySelector('.card[part=card]'));
    expect(fetchMock.mock.calls[0][0]).toBe(`${ORIGIN}/api/embed/products?shop=cz&locale=cs&category=hrnce&limit=8`);
    element.setAttribute('label', 'Hrnce');
    await until(() => shadow(element).querySelector('[part=label]'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    element.setAttribute('limit', '999');
    await until(() => fetchMock.mock.calls.length === 2);
    expect(fetchMock.mock.calls[1][0]).toContain('limit=48');
  });

  it('sends at most 48 of 500 ids', async () => {
    stubFetch(() => jsonResponse({ products: [product(1)] }));
    place({ 'product-ids': Array.from({ length: 500 }, (_, i) => i + 1).join(',') });
    await until(() => fetchMock.mock.calls.length === 1);
    const ids = new URL(fetchMock.mock.calls[0][0] as string).searchParams.get('ids')!.split(',');
    expect(ids).toHaveLength(48);
  });

  it.each([
    ['a hostile id list', { 'product-ids': '<img src=x onerror=alert(1)>' }],
    ['ids too large to be ours', { 'product-ids': '99999999999999999999,-3,0,1e3' }],
    ['no ids and no category', {}],
    ['an empty id list', { 'product-ids': '' }],
    ['a hostile category', { category: '"><script>alert(1)</script>' }],
  ])('shows a short message in its box for %s, without asking', async (_name, attributes) => {
    stubFetch(() => jsonResponse({ products: [] }));
    const element = place(attributes);
    expect(await message(element)).toBe('Žiadne produkty na zobrazenie.');
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(shadow(element).querySelector('script, img')).toBeNull();
  });

  it.each([
    ['the network fails (or CORS refuses the origin)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the endpoint refuses the query', () => jsonResponse({ status: 400, errors: { ids: 'x' } }, 400, 'application/problem+json')],
    ['the answer is not JSON', () => new Response('<html>', { status: 200 })],
    ['the answer has no list', () => jsonResponse({ products: 'nope' })],
  ])('shows that products cannot be shown now when %s', async (_name, answer) => {
    stubFetch(answer as () => Response);
    const element = place({ 'product-ids': '1,2' });
    expect(await message(element)).toBe('Produkty sa teraz nedajú zobraziť.');
  });

  it('says there is nothing to show when every id is unknown, and drops products whose links lead elsewhere', async () => {
    stubFetch(() => jsonResponse({ products: [] }));
    expect(await message(place({ 'product-ids': '404' }))).toBe('Žiadne produkty na zobrazenie.');
    stubFetch(() =>
      jsonResponse({
        products: [product(1, { url: 'javascript:alert(1)' }), product(2, { cart_url: 'https://evil.example/x' }), product(3, { name: '<b>3</b>', image: 'https://evil.example/i.png' }), 'junk', null],
      }),
    );
    const element = place({ 'product-ids': '1,2,3' });
    await until(() => shadow(element).querySelector('.card[part=card]'));
    const cards = shadow(element).querySelectorAll('.card');
    expect(cards).toHaveLength(1);
    // Text stays text, and an image from elsewhere is not shown.
    expect(cards[0].querySelector('[part=title]')!.textContent).toBe('<b>3</b>');
    expect(cards[0].querySelector('b, img')).toBeNull();
  });

  it('does not ask when its script named an unknown shop or language', async () => {
    stubFetch(() => jsonResponse({ products: [product(1)] }));
    const element = place({ 'product-ids': '1' }, 'shop-product-carousel-misconfigured');
    expect(await message(element)).toBe('Produkty sa teraz nedajú zobraziť.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('survives being moved and removed while its request is out', async () => {
    let release!: (r: Response) => void;
    stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const element = place({ 'product-ids': '1' });
    const box = document.createElement('div');
    document.body.append(box);
    box.append(element);
    element.remove();
    release(jsonResponse({ products: [product(1)] }));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reserves the same box for the tag before it is defined (the loader’s rule)', () => {
    expect(RESERVE_CSS).toContain(`${TAG}:not(:defined){display:block;height:calc(var(--shop-image-height,10em) + 10em)}`);
    expect(RESERVE_CSS).toContain(`${TAG}[label]:not([label=""]):not(:defined){height:calc(var(--shop-image-height,10em) + 10em + 2em)}`);
  });
});

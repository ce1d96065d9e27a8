import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/seller-profile/seller-profile.element';
import '../../widgets/seller-products/seller-products.element';
import { $, jsonResponse, settle, setDefaults, until, untilNow } from './helpers';

const attr = (value: unknown) => JSON.stringify(value).replace(/"/g, '&quot;');
const PROFILE = { id: 7, slug: 'dielna', name: 'Dielňa', description: 'Ručne', image: null, locked: false };
const problem = (status: number, body: object) => jsonResponse({ status, title: 'x', ...body }, status, 'application/problem+json');
const input = (selector: string) => $(selector) as HTMLInputElement;
/** Types, then lets the render happen (preact renders state changes a task later). */
async function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!;
  setter.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  await settle();
}
async function pick(el: HTMLInputElement, files: File[]) {
  Object.defineProperty(el, 'files', { configurable: true, value: Object.assign(files, { item: (i: number) => files[i] }) });
  el.dispatchEvent(new Event('change', { bubbles: true }));
  await settle();
}
const submit = (selector: string) => $(selector)!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));

afterEach(async () => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  await settle();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('seller profile', () => {
  it('loads on open, requires the name, refuses a large or non-image file and saves with form data', async () => {
    setDefaults({ csrf: 'tok' });
    const calls: Request[] = [];
    const bodies: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (r: Request) => (calls.push(r), r.method === 'POST' && bodies.push(await r.clone().text()), jsonResponse(PROFILE))));
    document.body.innerHTML = `<shop-seller-profile profile="${attr(PROFILE)}"><form></form></shop-seller-profile>`;
    const name = await until(() => $('shop-seller-profile input[name=name]') as HTMLInputElement | null);
    await until(() => calls.length === 1);
    await settle();
    expect(new URL(calls[0].url).pathname).toBe('/api/seller/profile');
    await type(name, ' ');
    await settle();
    submit('.seller-profile');
    await until(() => $('.shop-toast'));
    expect($('.shop-toast')!.textContent).toBe('Vyplňte povinné polia');
    expect($('.form-field__error')!.textContent).toBe('Názov je povinný.');
    await pick(input('input[type=file]'), [new File(['x'], 'a.zip', { type: 'application/zip' })]);
    await until(() => $('[id$=image-error]')?.textContent === 'Neplatný typ súboru');
    await pick(input('input[type=file]'), [new File([new Uint8Array(1024 * 1024)], 'a.png', { type: 'image/png' })]);
    await until(() => $('[id$=image-error]')?.textContent === 'Veľkosť súboru musí byť menšia ako 1MB');
    await pick(input('input[type=file]'), [new File([new Uint8Array(10)], 'a.png', { type: 'image/png' })]);
    await until(() => $('.seller-profile__preview')?.getAttribute('src')?.startsWith('data:image/png;base64,'));
    await type(name, 'Dielňa Anna');
    submit('.seller-profile');
    await until(() => $('.message--success'));
    expect($('.message--success')!.textContent).toBe('Údaje obchodu boli úspešne uložené');
    const post = calls.find((r) => r.method === 'POST')!;
    expect(post.headers.get('x-csrf-token')).toBe('tok');
    const body = bodies[0];
    expect(body).toContain('name="name"\r\n\r\nDielňa Anna');
    expect(body).toContain('filename="a.png"');
  });

  it('says "Nepodarilo sa načítať údaje obchodu" for 3 s when the load fails; a locked shop cannot be edited', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    await import('../../widgets/lib/api');
    document.body.innerHTML = `<shop-seller-profile profile="${attr({ ...PROFILE, locked: true })}"></shop-seller-profile>`;
    await until(() => $('fieldset'));
    expect(($('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect($('.message--warning')!.textContent).toBe('Obchod je schválený. Už nemôžete robiť úpravy.');
    await until(() => fetch.mock.calls.length === 1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer(problem(403, { detail: 'x' }));
    const toast = await untilNow(() => $('.shop-toast'));
    expect(toast.textContent).toBe('Chyba Nepodarilo sa načítať údaje obchodu');
    vi.advanceTimersByTime(2999);
    await untilNow(() => true);
    expect($('.shop-toast')).not.toBeNull();
    vi.advanceTimersByTime(1);
    await untilNow(() => !$('.shop-toast'));
  });
});

const PRODUCTS = [
  { id: 1, name: 'Taška', description: 'Ľan', price: 1250, quantity: 3, imageUrl: '/data/a.jpg', visible: 4, category: { name: 'Doplnky' } },
  { id: 2, name: 'Šál', description: 'Vlna', price: 990, quantity: 0, imageUrl: null, visible: 2, category: { name: 'Doplnky' } },
  { id: 3, name: 'Starý', description: '', price: 100, quantity: 1, imageUrl: null, visible: 0, category: { name: 'Doplnky' } },
];

describe('seller products', () => {
  it('draws statuses, expands a row with the stock, edits only the price and stock of an approved product and reloads', async () => {
    const calls: Request[] = [];
    const bodies: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (r: Request) => (calls.push(r), r.method === 'POST' && bodies.push(await r.clone().text()), r.method === 'GET' ? jsonResponse({ products: PRODUCTS, total: 3 }) : jsonResponse({ id: 2 }))));
    document.body.innerHTML = `<shop-seller-products products="${attr(PRODUCTS)}" limit="10"></shop-seller-products>`;
    await until(() => document.querySelectorAll('tbody tr').length === 3);
    expect([...document.querySelectorAll('.seller-status')].map((s) => s.getAttribute('title'))).toEqual(['Čaká na schválenie', 'Schválené', 'Vypnuté']);
    expect($('tfoot')!.textContent).toBe('Spolu produktov: 3');
    expect($('.seller-products__add-button')).not.toBeNull();
    expect(($('[data-product="3"] .seller-products__edit') as HTMLButtonElement).disabled).toBe(true);
    ($('[data-product="1"] .seller-products__expand') as HTMLButtonElement).click();
    await until(() => $('.seller-products__expansion')?.textContent?.includes('Ľan'));
    expect($('.seller-products__stock')!.textContent).toBe('Počet kusov na sklade: 3');
    ($('[data-product="2"] .seller-products__edit') as HTMLButtonElement).click();
    const dialog = await until(() => $('[role=dialog]'));
    expect(dialog.textContent).toContain('Produkt je schválený. Môžete upraviť iba cenu.Počet kusov na sklade môžete upraviť kedykoľvek.');
    const [name, price, stock] = [...dialog.querySelectorAll<HTMLInputElement>('input')];
    expect([name.disabled, price.disabled, price.value, stock.disabled, stock.value]).toEqual([true, false, '9,90', false, '0']);
    await type(price, '100000,01');
    await type(stock, '2,5');
    submit('.seller-product-form');
    await until(() => dialog.textContent?.includes('Cena musí byť od 0 do 100 000 €.'));
    expect($('[id$=quantity-error]')!.textContent).toBe('Zadajte počet kusov ako celé číslo, napríklad 5.');
    expect(calls).toHaveLength(0);
    await type(price, '8,50');
    await type(stock, '12');
    submit('.seller-product-form');
    await until(() => !$('[role=dialog]'));
    expect($('.shop-toast')!.textContent).toBe('Produkt bol úspešne aktualizovaný');
    expect(calls.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/seller/products/2', 'GET /api/seller/products']);
    expect(bodies[0]).toContain('name="price"\r\n\r\n8,50');
    expect(bodies[0]).toContain('name="quantity"\r\n\r\n12');
  });

  it('requires name, price, stock and image on create, hides the add button at 10, and shows the server’s refusal', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => problem(409, { detail: 'Môžete mať najviac 10 produktov.' })));
    document.body.innerHTML = `<shop-seller-products products="${attr(PRODUCTS)}"></shop-seller-products>`;
    (await until(() => $('.seller-products__add-button') as HTMLButtonElement | null)).click();
    await until(() => $('[role=dialog]'));
    submit('.seller-product-form');
    await until(() => document.querySelectorAll('.form-field__error').length === 4);
    expect((document.querySelector('[role=dialog] input[name=quantity]') as HTMLInputElement).value).toBe('');
    expect([...document.querySelectorAll('.form-field__error')].every((e) => e.textContent === 'Vyplňte všetky povinné polia')).toBe(true);
    const file = $('[role=dialog] input[type=file]') as HTMLInputElement;
    await pick(file, [new File([new Uint8Array(307_201)], 'a.png', { type: 'image/png' })]);
    await until(() => $('[id$=image-error]')?.textContent === 'Neplatná veľkosť súboru, súbor musí byť menší ako 300 KB.');
    await pick(file, [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })]);
    await until(() => $('[id$=image-error]')?.textContent === 'Prekročený maximálny počet súborov, najviac 1.');
    await pick(file, [new File(['a'], 'a.png', { type: 'image/png' })]);
    const [name, price, stock] = [...document.querySelectorAll<HTMLInputElement>('[role=dialog] input:not([type=file])')];
    await type(name, 'Nový');
    await type(price, '5');
    await type(stock, '1 000');
    submit('.seller-product-form');
    await until(() => $('.shop-toast'));
    expect($('.shop-toast')!.textContent).toBe('Môžete mať najviac 10 produktov. Nepodarilo sa vytvoriť produkt');
    expect($('[role=dialog]')).not.toBeNull();

    document.body.innerHTML = `<shop-seller-products products="${attr(Array.from({ length: 10 }, (_, i) => ({ ...PRODUCTS[0], id: i + 1 })))}"></shop-seller-products>`;
    await until(() => document.querySelectorAll('tbody tr').length === 10);
    expect($('.seller-products__add-button')).toBeNull();
    expect($('.seller-products__refresh')).not.toBeNull();
  });

  it('says "Chyba pri načítaní produktov" when the refresh fails and survives malformed products', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => problem(403, { detail: 'x' })));
    document.body.innerHTML = '<shop-seller-products products="{nope"></shop-seller-products>';
    await until(() => $('.shop-toast'));
    expect($('.shop-toast')!.textContent).toBe('Chyba pri načítaní produktov');
    expect(document.querySelectorAll('tbody tr')).toHaveLength(0);
  });
});

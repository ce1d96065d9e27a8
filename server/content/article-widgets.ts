import { msg } from '../i18n/msg';
import { YOUTUBE_ID } from '../product/youtube';

/**
 * The shop's widget tags an editor may place in a guide or a static post (docs/decisions/215): the
 * one list the sanitiser keeps tags and attributes by (server/content/sanitize.ts), the server
 * draws in guides (guide-widgets.ts), the public help page shows (/pomoc/widgety) and the back
 * office's editor will read (articleWidgets()). Texts are Slovak message ids, translated where shown.
 */

export interface WidgetAttribute {
  name: string;
  /** A value that fails it is removed; an element without a required attribute is removed whole. */
  rule: RegExp;
  required: boolean;
  /** What the value means and which values pass, for people (a message id). */
  description: string;
  example: string;
}

export interface ArticleWidget {
  tag: string;
  name: string;
  description: string;
  attributes: WidgetAttribute[];
  /** A whole tag as an editor writes it. */
  example: string;
  /** The server draws its content inside the guide (complete without JS); the element then enhances it. */
  serverRendered: boolean;
}

/** Same limit as the carousel widget (widgets/product-carousel/products.ts MAX_IDS). */
export const MAX_CAROUSEL_IDS = 24;
const ID = /^[1-9]\d{0,9}$/;
const IDS = new RegExp(`^[1-9]\\d{0,9}(\\s*,\\s*[1-9]\\d{0,9}){0,${MAX_CAROUSEL_IDS - 1}}$`);
/** Text shown to shoppers: no control characters (line breaks included), at most `max` characters. */
const text = (max: number) => new RegExp(`^[^\\u0000-\\u001f\\u007f]{1,${max}}$`);

/** A poll's public id (22 characters), as `npx tsx server/votes/cli.ts list` prints it. */
const voteId = (): WidgetAttribute => ({
  name: 'vote-id',
  rule: /^[A-Za-z0-9_-]{22}$/,
  required: true,
  description: msg('Verejné ID ankety (22 znakov), ako ho vypíše príkaz na zoznam ankiet.'),
  example: 'Zm9vYmFyYmF6cXV4MTIzNA',
});

const productId = (description = msg('Číslo produktu (ID), ako ho ukazuje správa produktov.')): WidgetAttribute => ({
  name: 'product-id',
  rule: ID,
  required: true,
  description,
  example: '12',
});

export const ARTICLE_WIDGET_LIST: readonly ArticleWidget[] = [
  {
    tag: 'shop-product-carousel',
    name: msg('Karusel produktov'),
    description: msg('Rad kariet produktov s cenou, dostupnosťou, srdiečkom a tlačidlom do košíka. Skryté produkty a produkty bez ceny v tomto obchode sa nezobrazia.'),
    attributes: [
      { name: 'product-ids', rule: IDS, required: true, description: msg('Čísla produktov (ID) oddelené čiarkou, najviac 24, v poradí, v akom sa majú zobraziť.'), example: '12,15,18' },
      { name: 'label', rule: text(120), required: false, description: msg('Nadpis nad kartami (nepovinný, najviac 120 znakov).'), example: 'Čo sa vám zíde' },
    ],
    example: '<shop-product-carousel product-ids="12,15,18" label="Čo sa vám zíde"></shop-product-carousel>',
    serverRendered: true,
  },
  {
    tag: 'shop-banner-carousel',
    name: msg('Karusel bannerov'),
    description: msg('Bannery obchodu, ktoré sa striedajú, rovnako ako na titulnej stránke.'),
    attributes: [
      { name: 'size', rule: /^(mobile|pc)$/, required: false, description: msg('Veľkosť bannerov: mobile alebo pc (nepovinná; bez nej podľa šírky obrazovky).'), example: 'pc' },
    ],
    example: '<shop-banner-carousel></shop-banner-carousel>',
    serverRendered: true,
  },
  {
    tag: 'shop-copy-button',
    name: msg('Tlačidlo na kopírovanie'),
    description: msg('Zobrazí text, napríklad zľavový kód, s tlačidlom, ktoré ho skopíruje do schránky.'),
    attributes: [
      { name: 'value', rule: text(200), required: true, description: msg('Text, ktorý sa zobrazí a skopíruje (najviac 200 znakov).'), example: 'JESEN10' },
      { name: 'label', rule: text(60), required: false, description: msg('Popis tlačidla pre čítačky obrazovky (nepovinný).'), example: 'Kopírovať kód' },
    ],
    example: '<shop-copy-button value="JESEN10" label="Kopírovať kód"></shop-copy-button>',
    serverRendered: true,
  },
  {
    tag: 'shop-video-player',
    name: msg('Video s kapitolami'),
    description: msg('Náhľad videa, ktorý ho otvorí na YouTube. Ak video patrí k produktu obchodu, zobrazia sa aj jeho kapitoly.'),
    attributes: [
      { name: 'video-id', rule: YOUTUBE_ID, required: true, description: msg('Identifikátor videa na YouTube: 11 znakov za „v=“ v odkaze youtube.com/watch?v=… alebo za youtu.be/.'), example: 'dQw4w9WgXcQ' },
      { name: 'label', rule: text(120), required: false, description: msg('Názov videa (nepovinný; inak názov uložený v obchode).'), example: 'Ako na to' },
      { name: 'start', rule: /^\d{1,5}$/, required: false, description: msg('Začiatok prehrávania v sekundách (nepovinný).'), example: '30' },
    ],
    example: '<shop-video-player video-id="dQw4w9WgXcQ" label="Ako na to"></shop-video-player>',
    serverRendered: true,
  },
  {
    tag: 'shop-review-list',
    name: msg('Hodnotenia produktu'),
    description: msg('Prvá strana hodnotení produktu; ďalšie sa načítajú tlačidlom. Produkt bez hodnotení sa nezobrazí.'),
    attributes: [
      productId(),
      { name: 'layout', rule: /^(list|grid)$/, required: false, description: msg('Zobrazenie: list (zoznam) alebo grid (mriežka); nepovinné.'), example: 'grid' },
    ],
    example: '<shop-review-list product-id="12"></shop-review-list>',
    serverRendered: true,
  },
  {
    tag: 'shop-watchdog-dialog',
    name: msg('Sledovanie ceny a dostupnosti'),
    description: msg('Tlačidlo, ktoré otvorí formulár na sledovanie ceny a dostupnosti produktu; bez JavaScriptu odkaz na ten istý formulár.'),
    attributes: [productId()],
    example: '<shop-watchdog-dialog product-id="12"></shop-watchdog-dialog>',
    serverRendered: true,
  },
  {
    tag: 'shop-favourite-button',
    name: msg('Obľúbené'),
    description: msg('Srdiečko, ktoré pridá produkt medzi obľúbené alebo ho z nich odoberie.'),
    attributes: [productId()],
    example: '<shop-favourite-button product-id="12"></shop-favourite-button>',
    serverRendered: true,
  },
  {
    tag: 'shop-add-to-cart',
    name: msg('Do košíka'),
    description: msg('Počet kusov a tlačidlo „Do košíka“; zobrazí sa len pri produkte, ktorý obchod predáva.'),
    attributes: [productId()],
    example: '<shop-add-to-cart product-id="12"></shop-add-to-cart>',
    serverRendered: true,
  },
  {
    tag: 'shop-vote',
    name: msg('Anketa'),
    description: msg('Možnosti ankety, e-mail a tlačidlo „Hlasovať“; hlas sa započíta po potvrdení odkazom z e-mailu. Ukončená anketa je vypnutá, neznáma sa nezobrazí.'),
    attributes: [voteId()],
    example: '<shop-vote vote-id="Zm9vYmFyYmF6cXV4MTIzNA"></shop-vote>',
    serverRendered: true,
  },
  {
    tag: 'shop-vote-chart',
    name: msg('Výsledky ankety'),
    description: msg('Stĺpcový graf potvrdených hlasov ankety; obnoví sa, keď sa čitateľ na stránku vráti.'),
    attributes: [voteId()],
    example: '<shop-vote-chart vote-id="Zm9vYmFyYmF6cXV4MTIzNA"></shop-vote-chart>',
    serverRendered: true,
  },
];

/** Tag → attribute → rule: what the sanitiser keeps. */
export const ARTICLE_WIDGETS: Readonly<Record<string, Readonly<Record<string, RegExp>>>> = Object.fromEntries(
  ARTICLE_WIDGET_LIST.map((widget) => [widget.tag, Object.fromEntries(widget.attributes.map((a) => [a.name, a.rule]))]),
);

export const REQUIRED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  ARTICLE_WIDGET_LIST.map((widget) => [widget.tag, widget.attributes.filter((a) => a.required).map((a) => a.name)]),
);

/** The list as plain data (rules as RegExp sources), texts through `translate`: for the back office's editor page. */
export interface ArticleWidgetInfo {
  tag: string;
  name: string;
  description: string;
  example: string;
  serverRendered: boolean;
  attributes: { name: string; required: boolean; pattern: string; description: string; example: string }[];
}

export function articleWidgets(translate: (id: string) => string = (id) => id): ArticleWidgetInfo[] {
  return ARTICLE_WIDGET_LIST.map((widget) => ({
    tag: widget.tag,
    name: translate(widget.name),
    description: translate(widget.description),
    example: widget.example,
    serverRendered: widget.serverRendered,
    attributes: widget.attributes.map((a) => ({ name: a.name, required: a.required, pattern: a.rule.source, description: translate(a.description), example: a.example })),
  }));
}

import type { AttrCode } from './attributes-data';

/**
 * The demo category tree: root → child → leaf, with the product noun phrases sold in each leaf.
 * An item is "phrase|gender|material": the gender makes a colour adjective agree ("hrniec modrý",
 * "fľaša modrá"), the optional material key keeps the filter value true to the name ("Liatinová
 * panvica" is always cast iron). Brands are invented so the demo never names a real company.
 */
export const SPECS = {
  l: ['0,5 l', '1 l', '1,5 l', '2 l', '3 l', '4 l', '5 l'],
  lBig: ['10 l', '20 l', '30 l', '45 l', '60 l'],
  ml: ['100 ml', '150 ml', '200 ml', '250 ml', '300 ml', '400 ml', '500 ml', '750 ml'],
  cm: ['16 cm', '18 cm', '20 cm', '22 cm', '24 cm', '26 cm', '28 cm', '30 cm'],
  cmSmall: ['6 cm', '8 cm', '10 cm', '12 cm', '15 cm'],
  cmBig: ['40 cm', '60 cm', '80 cm', '100 cm', '120 cm'],
  textile: ['30 × 50 cm', '50 × 100 cm', '70 × 140 cm', '100 × 150 cm', '140 × 200 cm'],
  bed: ['70 × 90 cm', '140 × 200 cm', '200 × 220 cm'],
  pcs: ['2 ks', '3 ks', '4 ks', '6 ks', '10 ks', '12 ks', '24 ks'],
  g: ['50 g', '100 g', '200 g', '250 g', '400 g', '500 g'],
  kg: ['1 kg', '2 kg', '3 kg', '5 kg', '10 kg', '15 kg'],
  watts: ['600 W', '800 W', '1000 W', '1200 W', '1500 W', '2000 W', '2200 W'],
  led: ['5 W', '7 W', '9 W', '12 W'],
  metres: ['10 m', '15 m', '20 m', '25 m', '30 m', '50 m'],
  cable: ['1 m', '1,5 m', '2 m', '3 m'],
  mah: ['5000 mAh', '10000 mAh', '20000 mAh'],
  tablets: ['30 tabliet', '60 tabliet', '90 tabliet', '120 tabliet'],
  capsules: ['30 kapsúl', '60 kapsúl', '90 kapsúl'],
  puzzle: ['24 dielikov', '48 dielikov', '100 dielikov', '500 dielikov', '1000 dielikov'],
  weights: ['1 kg', '2 kg', '2,5 kg', '5 kg', '10 kg'],
  ball: ['veľkosť 3', 'veľkosť 4', 'veľkosť 5'],
  mat: ['4 mm', '6 mm', '8 mm', '10 mm'],
  tea: ['20 × 1,5 g', '20 × 2 g', '50 g'],
  honey: ['250 g', '500 g', '950 g'],
  toothpaste: ['75 ml', '100 ml', '125 ml'],
  knife: ['9 cm', '13 cm', '15 cm', '20 cm'],
  board: ['30 × 20 cm', '40 × 25 cm', '50 × 35 cm'],
  tray: ['30 × 40 cm', '37 × 45 cm', '40 × 60 cm'],
  pillow: ['40 × 40 cm', '50 × 50 cm', '50 × 70 cm', '70 × 90 cm'],
  frame: ['10 × 15 cm', '13 × 18 cm', '20 × 30 cm', '30 × 40 cm'],
  poles: ['105 cm', '115 cm', '125 cm', '135 cm'],
  parasol: ['180 cm', '200 cm', '250 cm', '300 cm'],
  table: ['80 × 80 cm', '120 × 80 cm', '160 × 90 cm'],
  grill: ['35 cm', '47 cm', '57 cm'],
  none: [],
} as const satisfies Record<string, readonly string[]>;

export type SpecKey = keyof typeof SPECS;

export interface LeafDef {
  name: string;
  items: string[];
  spec: SpecKey;
  /** Filters offered here when they differ from the parent's. */
  attrs?: AttrCode[];
  /** Left out of the menu (visible_menu false), as shops do with odd or seasonal corners. */
  hidden?: boolean;
}

export interface ChildDef {
  name: string;
  attrs?: AttrCode[];
  leaves: LeafDef[];
}

export interface RootDef {
  name: string;
  description: string;
  brands: string[];
  materials: string[];
  /** Filters a leaf may get; "znacka" is always first and always taken. */
  attrs: AttrCode[];
  /** Typical B2C price range in EUR; prices are drawn log-uniformly inside it. */
  price: [number, number];
  /** Names may end with who the product is for ("Šampón Levanda 250 ml pre mužov"). */
  purposeInName?: boolean;
  children: ChildDef[];
}

export { CATALOG } from './catalog-tree';

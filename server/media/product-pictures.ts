import {
  Activity, Archive, Armchair, Baby, Backpack, Bandage, BatteryCharging, BatteryFull, Battery, Bed, BedDouble, BedSingle, Beef, Bike, Blender, Bone,
  BriefcaseMedical, Broom, Brush, Cable, Cake, Car, Carrot, Cat, ChefHat, Citrus, Coffee, Container, Cookie, CookingPot, Dog, Droplet,
  Droplets, Dumbbell, Fence, Fish, FishSymbol, Flame, FlameKindling, Flashlight, FlaskConical, FlaskRound, Flower, Flower2, Frame, Gift,
  GlassWater, Grid3x3, Hand, HandPlatter, HeartPulse, Hexagon, House, LampDesk, Leaf, Lightbulb, Milk, Mop, Mountain, Palette, PawPrint,
  PencilRuler, Pill, PlantPot, Plug, PlugZap, PocketKnife, Puzzle, Rabbit, Rat, Scissors, Shirt, ShoppingBasket, ShowerHead, Shovel, Slice,
  Smartphone, Smile, Snowflake, SoapDispenserDroplet, Soup, Sparkles, SportShoe, SprayCan, Sprout, Sun, Table, Tent, Thermometer,
  Toothbrush, ToothbrushSparkles, TowelRack, ToyBrick, Trophy, TubeLotion, Umbrella, Utensils, UtensilsCrossed, Volleyball,
  WashingMachine, Waves, Wheat, Wind, Sandwich, type IconNode,
} from 'lucide';

/**
 * What a demo product's picture shows (docs/decisions/267): a line drawing of its kind from Lucide's
 * icon set (ISC), named here as the seed writes it into the picture's file name
 * ("p000001-cake-ffffff-1.svg", pictureFile below), so the media route draws a cake tin as a cake and a grater as a carrot,
 * with no download and no file on disk.
 */
export const PRODUCT_PICTURES = {
  activity: Activity, archive: Archive, armchair: Armchair, baby: Baby, backpack: Backpack, bandage: Bandage, 'battery-charging': BatteryCharging,
  'battery-full': BatteryFull, battery: Battery, bed: Bed, 'bed-double': BedDouble, 'bed-single': BedSingle, beef: Beef, bike: Bike,
  blender: Blender, bone: Bone, 'first-aid': BriefcaseMedical, broom: Broom, brush: Brush, cable: Cable, cake: Cake, car: Car, carrot: Carrot,
  cat: Cat, 'chef-hat': ChefHat, citrus: Citrus, coffee: Coffee, container: Container, cookie: Cookie, 'cooking-pot': CookingPot, dog: Dog,
  droplet: Droplet, droplets: Droplets, dumbbell: Dumbbell, fence: Fence, fish: Fish, 'fish-symbol': FishSymbol, flame: Flame,
  kindling: FlameKindling, flashlight: Flashlight, flask: FlaskConical, jar: FlaskRound, flower: Flower, 'flower-vase': Flower2, frame: Frame, gift: Gift,
  'glass-water': GlassWater, grid: Grid3x3, hand: Hand, platter: HandPlatter, 'heart-pulse': HeartPulse, honeycomb: Hexagon, house: House,
  'lamp-desk': LampDesk, leaf: Leaf, lightbulb: Lightbulb, milk: Milk, mop: Mop, mountain: Mountain, palette: Palette, 'paw-print': PawPrint,
  'pencil-ruler': PencilRuler, pill: Pill, 'plant-pot': PlantPot, plug: Plug, 'plug-zap': PlugZap, knife: PocketKnife, puzzle: Puzzle,
  rabbit: Rabbit, rat: Rat, scissors: Scissors, shirt: Shirt, basket: ShoppingBasket, shower: ShowerHead, shovel: Shovel, slice: Slice,
  smartphone: Smartphone, smile: Smile, snowflake: Snowflake, soap: SoapDispenserDroplet, soup: Soup, sparkles: Sparkles, shoe: SportShoe,
  spray: SprayCan, sprout: Sprout, sun: Sun, table: Table, tent: Tent, thermometer: Thermometer, toothbrush: Toothbrush,
  'electric-toothbrush': ToothbrushSparkles, towel: TowelRack, 'toy-brick': ToyBrick, trophy: Trophy, lotion: TubeLotion, umbrella: Umbrella,
  utensils: Utensils, 'utensils-crossed': UtensilsCrossed, ball: Volleyball, 'washing-machine': WashingMachine, waves: Waves, wheat: Wheat,
  wind: Wind, sandwich: Sandwich,
} satisfies Record<string, IconNode>;

export type ProductPicture = keyof typeof PRODUCT_PICTURES;

export const isProductPicture = (kind: string): kind is ProductPicture => Object.hasOwn(PRODUCT_PICTURES, kind);

/** Lucide's 24 × 24 drawing as SVG elements (its attributes are plain path data, circles and lines). */
export function pictureElements(kind: ProductPicture): string {
  return PRODUCT_PICTURES[kind]
    .map(([tag, attrs]) => `<${tag}${Object.entries(attrs).map(([name, value]) => ` ${name}="${String(value)}"`).join('')}/>`)
    .join('');
}

/** What a demo product's pictures show: its kind, in its colour ("#facc15") when it has one. */
export interface Picture {
  kind: ProductPicture;
  colour: string | null;
}

/**
 * A demo picture's file name, the one home of its format: whose ("p000026", a guide's "g00003"),
 * what it shows, the colour when there is one, and which of the owner's pictures it is:
 * "p000026-carrot-facc15-1.svg". The seed writes it; the media route draws from it (readPictureFile).
 */
export const pictureFile = (owner: string, picture: Picture, n: number) =>
  `${owner}-${picture.kind}${picture.colour ? `-${picture.colour.slice(1).toLowerCase()}` : ''}-${n}.svg`;

const PICTURE_FILE = /^([a-z0-9]+)-([a-z-]+?)(?:-([0-9a-f]{6}))?-(\d+)\.svg$/;

/** What pictureFile wrote into a name; null for a name without a known kind (an older or uploaded one). */
export function readPictureFile(name: string): { owner: string; picture: Picture; n: number } | null {
  const parts = PICTURE_FILE.exec(name);
  if (!parts || !isProductPicture(parts[2])) return null;
  return { owner: parts[1], picture: { kind: parts[2], colour: parts[3] ? `#${parts[3]}` : null }, n: Number(parts[4]) };
}

import type Database from 'better-sqlite3';
import {
  ATTRIBUTE_LABELS,
  ATTRIBUTE_ORDER,
  COLOURS,
  MATERIALS,
  PACKS,
  PURPOSES,
  SIZES,
  type AttrCode,
  type Gender,
  type OptionDef,
} from './attributes-data';
import { CATALOG, SPECS, type LeafDef, type RootDef } from './catalog-data';
import { CATEGORY_BLURBS, CATEGORY_NAMES, DEPARTMENT_DESCRIPTIONS, type SeedLocale } from './catalog-i18n';
import { rng, type Rng } from './random';
import { slugify } from './slug';

export interface Item {
  phrase: string;
  gender: Gender;
  material: string | null;
}

export interface Leaf {
  id: number;
  name: string;
  rootIndex: number;
  root: RootDef;
  items: Item[];
  specs: readonly string[];
  attrs: Set<AttrCode>;
}

/** Option ids by attribute, in the order of the vocabulary lists (brands and materials by key). */
export interface OptionIds {
  znacka: Map<string, number>;
  farba: number[];
  material: Map<string, number>;
  velkost: number[];
  urcenie: number[];
  balenie: number[];
}

/**
 * First path segments the app routes itself; a category or static page must never take one.
 * Product slugs cannot collide with them because they end in the product code.
 */
const RESERVED = new Set(['api', 'data', 'static', 'p', 'hladaj', 'oblubene', 'moje', 'obchod', 'nakupny-kosik', 'navody-inspiracie', 'podmienky', 'obchodni-podminky', 'pre-partnerov', 'embed.js']);

/** Hands out category slugs, unique across the whole tree (one flat slug space with products). */
export class SlugRegistry {
  private readonly taken = new Set<string>(RESERVED);

  claim(base: string): string {
    let slug = base;
    for (let n = 2; this.taken.has(slug); n++) slug = `${base}-${n}`;
    this.taken.add(slug);
    return slug;
  }
}

export interface CategoryRow {
  id: number;
  parentId: number | null;
  type: 'product' | 'blog';
  name: string;
  slug: string;
  description: string | null;
  position: number;
  visibleMenu: boolean;
  path: string;
  depth: number;
}

export function categoryInserter(sqlite: Database.Database): (row: CategoryRow) => void {
  const stmt = sqlite.prepare(
    `INSERT INTO categories (id, parent_id, type, name, slug, canonical, description, position, visible, visible_menu,
       visible_children, visible_menu_temp, path, depth) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, 1, ?, 1, 0, ?, ?)`,
  );
  return (c) => void stmt.run(c.id, c.parentId, c.type, c.name, c.slug, c.description, c.position, c.visibleMenu ? 1 : 0, c.path, c.depth);
}

function parseItem(raw: string): Item {
  const [phrase, gender, material] = raw.split('|');
  return { phrase, gender: gender as Gender, material: material || null };
}

/** Filters of a leaf: always the brand, then one or two more from what fits the department. */
function leafAttrs(r: Rng, pool: AttrCode[], def: LeafDef): Set<AttrCode> {
  if (def.attrs) return new Set(def.attrs);
  const rest = pool.filter((a) => a !== 'znacka');
  return new Set<AttrCode>(['znacka', ...r.sample(rest, Math.min(rest.length, r.int(1, 2)))]);
}

/** Writes the product category tree and its filters; returns the leaves products go into. */
export function seedProductCategories(
  sqlite: Database.Database,
  slugs: SlugRegistry,
  firstId: number,
): { leaves: Leaf[]; nextId: number; attributeIds: Map<AttrCode, number> } {
  const r = rng('categories');
  const insert = categoryInserter(sqlite);
  const insertText = sqlite.prepare('INSERT INTO category_texts (category_id, locale, name, slug, description) VALUES (?, ?, ?, ?, ?)');
  // Czech slugs share the Czech shop's root with its product slugs (which end in their code).
  const csSlugs = new SlugRegistry();
  const leaves: Leaf[] = [];
  const categoryAttrs = new Map<number, Set<AttrCode>>();
  let nextId = firstId;
  /** Inserts one category below `parent` (null for a root) and returns its id and path. */
  // A category's description in a locale: a department's own text, a lower one's blurb around its name.
  type Describe = (locale: 'sk' | SeedLocale, name: string) => string;
  const add = (parent: { id: number; path: string } | null, name: string, describe: Describe, position: number, visibleMenu = true) => {
    const id = nextId++;
    const path = `${parent?.path ?? '/'}${id}/`;
    const depth = path.split('/').length - 3;
    insert({ id, parentId: parent?.id ?? null, type: 'product', name, slug: slugs.claim(slugify(name)), description: describe('sk', name), position, visibleMenu, path, depth });
    // Czech (with the Czech shop's slug) and English names and descriptions; the other locales read Slovak.
    const cs = CATEGORY_NAMES.cs[name];
    if (cs) insertText.run(id, 'cs', cs, csSlugs.claim(slugify(cs)), describe('cs', cs));
    const en = CATEGORY_NAMES.en[name];
    if (en) insertText.run(id, 'en', en, null, describe('en', en));
    return { id, path };
  };
  const blurb = (level: 'group' | 'leaf'): Describe => (locale, name) => CATEGORY_BLURBS[locale][level](name);

  CATALOG.forEach((root, rootIndex) => {
    const rootRow = add(null, root.name, (locale) => (locale === 'sk' ? root.description : (DEPARTMENT_DESCRIPTIONS[locale][root.description] ?? root.description)), rootIndex + 1);
    const rootAttrs = new Set<AttrCode>();
    root.children.forEach((child, childIndex) => {
      const childRow = add(rootRow, child.name, blurb('group'), childIndex + 1);
      const childAttrs = new Set<AttrCode>();
      child.leaves.forEach((def, leafIndex) => {
        const leafRow = add(childRow, def.name, blurb('leaf'), leafIndex + 1, !def.hidden);
        const attrs = leafAttrs(r, child.attrs ?? root.attrs, def);
        categoryAttrs.set(leafRow.id, attrs);
        for (const a of attrs) {
          childAttrs.add(a);
          rootAttrs.add(a);
        }
        leaves.push({ id: leafRow.id, name: def.name, rootIndex, root, items: def.items.map(parseItem), specs: SPECS[def.spec], attrs });
      });
      // Upper levels offer every filter found below them, so "Farba" works on "Hrnce a panvice" too.
      categoryAttrs.set(childRow.id, childAttrs);
    });
    categoryAttrs.set(rootRow.id, rootAttrs);
  });

  const attributeIds = seedCategoryAttributes(sqlite, categoryAttrs);
  return { leaves, nextId, attributeIds };
}

function seedCategoryAttributes(sqlite: Database.Database, byCategory: Map<number, Set<AttrCode>>): Map<AttrCode, number> {
  const upsert = sqlite.prepare(
    `INSERT INTO attributes (code, label, position) VALUES (?, ?, ?)
     ON CONFLICT(code) DO UPDATE SET label = excluded.label, position = excluded.position RETURNING id`,
  );
  const ids = new Map<AttrCode, number>();
  ATTRIBUTE_ORDER.forEach((code, i) => ids.set(code, (upsert.get(code, ATTRIBUTE_LABELS[code], i + 1) as { id: number }).id));
  const link = sqlite.prepare('INSERT INTO category_attributes (category_id, attribute_id, position) VALUES (?, ?, ?)');
  for (const [categoryId, attrs] of byCategory) {
    ATTRIBUTE_ORDER.filter((a) => attrs.has(a)).forEach((a, i) => link.run(categoryId, ids.get(a), i + 1));
  }
  return ids;
}

/** Writes every filter option (brands from the catalogue vocabulary) and returns their ids. */
export function seedAttributeOptions(sqlite: Database.Database, attributeIds: Map<AttrCode, number>): OptionIds {
  const upsert = sqlite.prepare(
    `INSERT INTO attribute_options (attribute_id, key, label, style, position) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(attribute_id, key) DO UPDATE SET label = excluded.label, style = excluded.style, position = excluded.position
     RETURNING id`,
  );
  const write = (code: AttrCode, options: OptionDef[]): number[] =>
    options.map((o, i) => (upsert.get(attributeIds.get(code), o.key, o.label, o.style ? JSON.stringify(o.style) : null, i + 1) as { id: number }).id);

  const brands = [...new Set(CATALOG.flatMap((root) => root.brands))].map((label) => ({ key: slugify(label), label }));
  const brandIds = write('znacka', brands);
  const materialIds = write('material', MATERIALS);
  return {
    znacka: new Map(brands.map((b, i) => [b.label, brandIds[i]])),
    farba: write('farba', COLOURS),
    material: new Map(MATERIALS.map((m, i) => [m.key, materialIds[i]])),
    velkost: write('velkost', SIZES),
    urcenie: write('urcenie', PURPOSES),
    balenie: write('balenie', PACKS),
  };
}

import type Database from 'better-sqlite3';
import type { Db } from '../db/client';
import { categoryDescription, categoryName, categorySlug, categoryTextJoins, langParams, SLOVAK, type CatalogueLang } from './catalogue-texts';
import { categoryUrl } from './urls';

export interface CategoryNode {
  id: number;
  parentId: number | null;
  type: 'product' | 'blog';
  name: string;
  slug: string;
  canonical: string | null;
  description: string | null;
  position: number;
  visible: boolean;
  visibleMenu: boolean;
  visibleChildren: boolean;
  visibleMenuTemp: boolean;
  /** Materialised id path, "/1/4/9/". */
  path: string;
  depth: number;
  /** The slug in each shop's locale (hreflang alternates): the Slovak one where no Czech one is set. */
  slugs: { sk: string; cs: string };
}

export interface BreadcrumbEntry {
  name: string;
  path: string;
}

/** The category JSON of spec 3 and 7 (snake_case as the spec lists it), children nested. */
export interface CategoryJson {
  id: number;
  name: string;
  slug: string;
  url: string;
  visible: boolean;
  canonical: string | null;
  position: number;
  type: 'product' | 'blog';
  visible_children: boolean;
  visible_menu: boolean;
  visible_menu_temp: boolean;
  path: string;
  children: CategoryJson[];
}

interface Row {
  id: number;
  parent_id: number | null;
  type: 'product' | 'blog';
  name: string;
  slug: string;
  canonical: string | null;
  description: string | null;
  position: number;
  visible: number;
  visible_menu: number;
  visible_children: number;
  visible_menu_temp: number;
  path: string;
  depth: number;
  sk_slug: string;
  cs_slug: string | null;
}

const byPosition = (a: CategoryNode, b: CategoryNode) => a.position - b.position || a.id - b.id;

/**
 * The whole category tree in memory (a few hundred rows), loaded once per catalogue version
 * (catalog-views.ts): every
 * category page asks for its node, its children, its breadcrumb and its descendants.
 */
export class CategoryIndex {
  private readonly byId = new Map<number, CategoryNode>();
  private readonly bySlug = new Map<string, CategoryNode>();
  /** The Slovak and Czech slugs too: an address of the other shop answers 301 to this one's. */
  private readonly byOtherSlug = new Map<string, CategoryNode>();
  private readonly childrenOf = new Map<number | null, CategoryNode[]>();
  private readonly descendants = new Map<number, number[]>();
  private readonly crumbs = new Map<number, readonly BreadcrumbEntry[]>();

  constructor(nodes: CategoryNode[]) {
    for (const node of nodes) {
      this.byId.set(node.id, node);
      this.bySlug.set(node.slug, node);
      this.byOtherSlug.set(node.slugs.sk, node);
      this.byOtherSlug.set(node.slugs.cs, node);
      const siblings = this.childrenOf.get(node.parentId) ?? [];
      siblings.push(node);
      this.childrenOf.set(node.parentId, siblings);
    }
    for (const list of this.childrenOf.values()) list.sort(byPosition);
  }

  get(id: number): CategoryNode | undefined {
    return this.byId.get(id);
  }

  /** How many categories there are (hidden ones too). */
  get size(): number {
    return this.byId.size;
  }

  /**
   * A visible category by its slug in the index's slug locale, or by its slug in another shop
   * (the caller compares node.slug with the address asked for and answers 301).
   */
  bySlugVisible(slug: string): CategoryNode | undefined {
    const node = this.bySlug.get(slug) ?? this.byOtherSlug.get(slug);
    return node?.visible ? node : undefined;
  }

  /** Visible children sorted by position (null: the roots). */
  children(id: number | null): CategoryNode[] {
    return (this.childrenOf.get(id) ?? []).filter((c) => c.visible);
  }

  /**
   * The category and every visible category below it: what a category page lists. Walking the
   * tree rather than matching `path` prefixes keeps a hidden subtree hidden.
   */
  subtreeIds(id: number): number[] {
    let ids = this.descendants.get(id);
    if (!ids) {
      ids = [];
      const walk = (n: number) => {
        ids!.push(n);
        for (const child of this.children(n)) walk(child.id);
      };
      walk(id);
      this.descendants.set(id, ids);
    }
    return ids;
  }

  /**
   * From the root down to the category itself, as the breadcrumb shows it (a product page leaves
   * hidden categories out: `onlyVisible`). Made once per category and index; never change it.
   */
  breadcrumb(id: number, onlyVisible = false): readonly BreadcrumbEntry[] {
    const key = onlyVisible ? -id : id;
    let entries = this.crumbs.get(key);
    if (entries) return entries;
    const node = this.byId.get(id);
    if (!node) return [];
    entries = node.path
      .split('/')
      .filter(Boolean)
      .map((part) => this.byId.get(Number(part)))
      .filter((n): n is CategoryNode => n !== undefined && (!onlyVisible || n.visible))
      .map((n) => ({ name: n.name, path: categoryUrl(n.slug) }));
    this.crumbs.set(key, entries);
    return entries;
  }

  /** Visible nodes as spec JSON with their visible subtree. */
  json(node: CategoryNode): CategoryJson {
    return {
      id: node.id,
      name: node.name,
      slug: node.slug,
      url: categoryUrl(node.slug),
      visible: node.visible,
      canonical: node.canonical,
      position: node.position,
      type: node.type,
      visible_children: node.visibleChildren,
      visible_menu: node.visibleMenu,
      visible_menu_temp: node.visibleMenuTemp,
      path: node.path,
      children: this.children(node.id).map((c) => this.json(c)),
    };
  }

  /** Every visible category, roots first then by position: for the sitemap. */
  all(): CategoryNode[] {
    const out: CategoryNode[] = [];
    const walk = (parent: number | null) => {
      for (const child of this.children(parent)) {
        out.push(child);
        walk(child.id);
      }
    };
    walk(null);
    return out;
  }
}

const statements = new WeakMap<Db, { all: Database.Statement }>();

/** The tree with names, descriptions and slugs in `lang` (Slovak where a text is missing). */
export function loadCategoryIndex(db: Db, lang: CatalogueLang = SLOVAK): CategoryIndex {
  let s = statements.get(db);
  if (!s) {
    s = {
      all: db.$client.prepare(
        `SELECT c.id, c.parent_id, c.type, ${categoryName()} AS name, ${categorySlug()} AS slug, c.canonical,
                ${categoryDescription()} AS description, c.position, c.visible, c.visible_menu, c.visible_children,
                c.visible_menu_temp, c.path, c.depth, c.slug AS sk_slug,
                (SELECT slug FROM category_texts WHERE category_id = c.id AND locale = 'cs') AS cs_slug
           FROM categories c ${categoryTextJoins()}`,
      ),
    };
    statements.set(db, s);
  }
  const rows = s.all.all(langParams(lang)) as Row[];
  return new CategoryIndex(
    rows.map((r) => ({
      id: r.id,
      parentId: r.parent_id,
      type: r.type,
      name: r.name,
      slug: r.slug,
      canonical: r.canonical,
      description: r.description,
      position: r.position,
      visible: r.visible === 1,
      visibleMenu: r.visible_menu === 1,
      visibleChildren: r.visible_children === 1,
      visibleMenuTemp: r.visible_menu_temp === 1,
      path: r.path,
      depth: r.depth,
      slugs: { sk: r.sk_slug, cs: r.cs_slug ?? r.sk_slug },
    })),
  );
}

import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { msg } from '../../i18n/msg';
import { audited, type Actor } from '../audit';

/**
 * A product's family as the back office edits it: a parent's variants (products.parent_id, type
 * 'variant', position, variant_option_id, the parent's children_count) and a set's components
 * (product_set_items, the set's type 'set'). The shop reads the same columns (product.service.ts);
 * each change is one immediate transaction with its audit row, and the catalogue-version triggers
 * make the product page show it on the next request.
 */
export interface FamilyVariant {
  id: number;
  name: string;
  code: string;
  position: number;
  optionId: number | null;
}

export interface SetComponent {
  id: number;
  name: string;
  code: string;
  quantity: number;
  position: number;
}

export interface ProductFamily {
  type: 'single' | 'set' | 'variant';
  parentId: number | null;
  variants: FamilyVariant[];
  components: SetComponent[];
}

export const NO_SUCH_PRODUCT = msg('Produkt s týmto kódom neexistuje');
export const NOT_ITSELF = msg('Produkt nemôže byť sám sebe variantom ani súčasťou');
export const ALREADY_VARIANT = msg('Tento produkt je už variantom iného produktu');
export const HAS_VARIANTS = msg('Tento produkt má vlastné varianty');
export const NO_VARIANTS_HERE = msg('Varianty môže mať len samostatný produkt (nie variant ani sada)');
export const NO_COMPONENTS_HERE = msg('Súčasti môže mať len produkt bez variantov, ktorý nie je variantom');
export const SET_IN_SET = msg('Sada nemôže byť súčasťou inej sady');
export const ALREADY_COMPONENT = msg('Tento produkt už v sade je');
export const NO_SUCH_OPTION = msg('Vyberte hodnotu vlastnosti');

const statements = perDatabase((db: Db) => {
  const c = db.$client;
  return {
    product: c.prepare<[number], { id: number; type: ProductFamily['type']; parentId: number | null }>('SELECT id, type, parent_id AS parentId FROM products WHERE id = ?'),
    byCode: c.prepare<[string], { id: number; type: ProductFamily['type']; parentId: number | null }>(
      'SELECT id, type, parent_id AS parentId FROM products WHERE code_public = ?',
    ),
    variants: c.prepare<[number], FamilyVariant>(
      `SELECT id, name, code_public AS code, position, variant_option_id AS optionId FROM products WHERE parent_id = ? ORDER BY position, id`,
    ),
    components: c.prepare<[number], SetComponent>(
      `SELECT p.id, p.name, p.code_public AS code, s.quantity, s.position FROM product_set_items s JOIN products p ON p.id = s.component_id
        WHERE s.set_id = ? ORDER BY s.position, p.id`,
    ),
    hasChildren: c.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM products WHERE parent_id = ?'),
    hasComponents: c.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM product_set_items WHERE set_id = ?'),
    option: c.prepare<[number], { id: number }>('SELECT id FROM attribute_options WHERE id = ?'),
    attach: c.prepare<[number, number, number]>(
      "UPDATE products SET parent_id = ?, type = 'variant', position = ?, variant_option_id = NULL WHERE id = ?",
    ),
    detach: c.prepare<[number]>("UPDATE products SET parent_id = NULL, type = 'single', variant_option_id = NULL WHERE id = ?"),
    variantPosition: c.prepare<[number, number]>('UPDATE products SET position = ? WHERE id = ?'),
    variantOption: c.prepare<[number | null, number]>('UPDATE products SET variant_option_id = ? WHERE id = ?'),
    // The variant's value is one of its attribute values, so the category filter finds it too.
    optionValue: c.prepare<[number, number]>('INSERT OR IGNORE INTO product_attribute_values (product_id, option_id) VALUES (?, ?)'),
    childrenCount: c.prepare<[number]>('UPDATE products SET children_count = (SELECT COUNT(*) FROM products k WHERE k.parent_id = products.id) WHERE id = ?'),
    setType: c.prepare<[string, number]>('UPDATE products SET type = ? WHERE id = ?'),
    addComponent: c.prepare<[number, number, number, number]>('INSERT INTO product_set_items (set_id, component_id, quantity, position) VALUES (?, ?, ?, ?)'),
    componentQuantity: c.prepare<[number, number, number]>('UPDATE product_set_items SET quantity = ? WHERE set_id = ? AND component_id = ?'),
    componentPosition: c.prepare<[number, number, number]>('UPDATE product_set_items SET position = ? WHERE set_id = ? AND component_id = ?'),
    removeComponent: c.prepare<[number, number]>('DELETE FROM product_set_items WHERE set_id = ? AND component_id = ?'),
  };
});

export function productFamily(db: Db, productId: number): ProductFamily | null {
  const s = statements(db);
  const row = s.product.get(productId);
  if (!row) return null;
  return { type: row.type, parentId: row.parentId, variants: s.variants.all(productId), components: s.components.all(productId) };
}

export type FamilyResult = { ok: true } | { ok: false; field: string; message: string } | { ok: false; missing: true };

type Change = { value: FamilyResult; audit: null } | { value: FamilyResult; audit: { section: 'catalogue'; action: string; subject: string; before: unknown; after: unknown } };

/** Runs one family change of `productId` in a transaction, audited with the family before and after. */
function familyChange(db: Db, actor: Actor, now: Date, productId: number, action: string, change: (family: ProductFamily) => FamilyResult): FamilyResult {
  return audited<FamilyResult>(db, actor, now, (): Change => {
    const before = productFamily(db, productId);
    if (!before) return { value: { ok: false, missing: true }, audit: null };
    const result = change(before);
    if (!result.ok) return { value: result, audit: null };
    const after = productFamily(db, productId)!;
    return { value: result, audit: { section: 'catalogue', action, subject: `#${productId}`, before, after } };
  });
}

const refuse = (field: string, message: string): FamilyResult => ({ ok: false, field, message });

/** Moves item `id` of an ordered list one step (-1 up, +1 down) and renumbers the list 1..n. */
function reorder<T extends { id: number }>(list: T[], id: number, step: -1 | 1, write: (item: T, position: number) => void): boolean {
  const items = [...list];
  const from = items.findIndex((i) => i.id === id);
  const to = from + step;
  if (from < 0) return false;
  if (to >= 0 && to < items.length) [items[from], items[to]] = [items[to], items[from]];
  items.forEach((item, i) => write(item, i + 1));
  return true;
}

/** Makes the product with `code` a variant of `parentId`, last in its order. */
export function addVariant(db: Db, actor: Actor, now: Date, parentId: number, code: string): FamilyResult {
  const s = statements(db);
  return familyChange(db, actor, now, parentId, 'product.variant.add', (family) => {
    if (family.type !== 'single' || family.parentId !== null || family.components.length) return refuse('variant', NO_VARIANTS_HERE);
    const child = s.byCode.get(code);
    if (!child) return refuse('variant', NO_SUCH_PRODUCT);
    if (child.id === parentId) return refuse('variant', NOT_ITSELF);
    if (child.parentId !== null) return refuse('variant', ALREADY_VARIANT);
    if (s.hasChildren.get(child.id)!.n > 0) return refuse('variant', HAS_VARIANTS);
    if (child.type === 'set' || s.hasComponents.get(child.id)!.n > 0) return refuse('variant', NO_VARIANTS_HERE);
    s.attach.run(parentId, family.variants.length + 1, child.id);
    s.childrenCount.run(parentId);
    return { ok: true };
  });
}

/** A variant's parent, or null when `variantId` is no variant. */
export function parentOf(db: Db, variantId: number): number | null {
  return statements(db).product.get(variantId)?.parentId ?? null;
}

/** Detaches a variant: it becomes a product of its own again. */
export function removeVariant(db: Db, actor: Actor, now: Date, parentId: number, variantId: number): FamilyResult {
  const s = statements(db);
  return familyChange(db, actor, now, parentId, 'product.variant.remove', (family) => {
    if (!family.variants.some((v) => v.id === variantId)) return { ok: false, missing: true };
    s.detach.run(variantId);
    s.childrenCount.run(parentId);
    family.variants.filter((v) => v.id !== variantId).forEach((v, i) => s.variantPosition.run(i + 1, v.id));
    return { ok: true };
  });
}

export function moveVariant(db: Db, actor: Actor, now: Date, parentId: number, variantId: number, step: -1 | 1): FamilyResult {
  const s = statements(db);
  return familyChange(db, actor, now, parentId, 'product.variant.move', (family) =>
    reorder(family.variants, variantId, step, (v, position) => s.variantPosition.run(position, v.id)) ? { ok: true } : { ok: false, missing: true },
  );
}

/** Sets the value that tells a variant apart (an attribute option), or clears it (null). */
export function setVariantOption(db: Db, actor: Actor, now: Date, parentId: number, variantId: number, optionId: number | null): FamilyResult {
  const s = statements(db);
  return familyChange(db, actor, now, parentId, 'product.variant.value', (family) => {
    if (!family.variants.some((v) => v.id === variantId)) return { ok: false, missing: true };
    if (optionId !== null && !s.option.get(optionId)) return refuse('option', NO_SUCH_OPTION);
    s.variantOption.run(optionId, variantId);
    if (optionId !== null) s.optionValue.run(variantId, optionId);
    return { ok: true };
  });
}

/** Adds the product with `code` to the set `setId` (which becomes type 'set') with a quantity. */
export function addComponent(db: Db, actor: Actor, now: Date, setId: number, code: string, quantity: number): FamilyResult {
  const s = statements(db);
  return familyChange(db, actor, now, setId, 'product.set.add', (family) => {
    if (family.parentId !== null || family.variants.length) return refuse('component', NO_COMPONENTS_HERE);
    const part = s.byCode.get(code);
    if (!part) return refuse('component', NO_SUCH_PRODUCT);
    if (part.id === setId) return refuse('component', NOT_ITSELF);
    if (part.type === 'set') return refuse('component', SET_IN_SET);
    if (family.components.some((c) => c.id === part.id)) return refuse('component', ALREADY_COMPONENT);
    s.addComponent.run(setId, part.id, quantity, family.components.length + 1);
    if (family.type !== 'set') s.setType.run('set', setId);
    return { ok: true };
  });
}

export function setComponentQuantity(db: Db, actor: Actor, now: Date, setId: number, componentId: number, quantity: number): FamilyResult {
  const s = statements(db);
  return familyChange(db, actor, now, setId, 'product.set.quantity', (family) => {
    const line = family.components.find((c) => c.id === componentId);
    if (!line) return { ok: false, missing: true };
    if (line.quantity !== quantity) s.componentQuantity.run(quantity, setId, componentId);
    return { ok: true };
  });
}

export function moveComponent(db: Db, actor: Actor, now: Date, setId: number, componentId: number, step: -1 | 1): FamilyResult {
  const s = statements(db);
  return familyChange(db, actor, now, setId, 'product.set.move', (family) =>
    reorder(family.components, componentId, step, (c, position) => s.componentPosition.run(position, setId, c.id)) ? { ok: true } : { ok: false, missing: true },
  );
}

/** Removes a component; the set keeps its type (an empty set is still sold as one until edited). */
export function removeComponent(db: Db, actor: Actor, now: Date, setId: number, componentId: number): FamilyResult {
  const s = statements(db);
  return familyChange(db, actor, now, setId, 'product.set.remove', (family) => {
    if (!family.components.some((c) => c.id === componentId)) return { ok: false, missing: true };
    s.removeComponent.run(setId, componentId);
    family.components.filter((c) => c.id !== componentId).forEach((c, i) => s.componentPosition.run(i + 1, setId, c.id));
    return { ok: true };
  });
}

import type { I18n } from '@lingui/core';
import type { Context, Hono } from 'hono';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { NotFoundError } from '../../http/problem';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, formFields } from '../form';
import type { EditedProduct } from './product-save.service';
import {
  addComponent,
  addVariant,
  moveComponent,
  moveVariant,
  productFamily,
  removeComponent,
  removeVariant,
  setComponentQuantity,
  setVariantOption,
  type FamilyResult,
} from './product-family.service';
import { componentAddSchema, componentQuantitySchema, variantAddSchema, variantValueSchema } from './products.schemas';

const PRODUCTS_PATH = '/admin/produkty';
const ID = ':id{[0-9]{1,10}}';
const ITEM = ':item{[0-9]{1,10}}';

/** A family form's refusal, shown in the product page's family panel: the form, the field, the typed values. */
export interface FamilyError {
  form: 'variant' | 'component' | `variant-${number}` | `component-${number}`;
  field: string;
  message: string;
  values: Record<string, string>;
}

const options = perDatabase((db: Db) =>
  db.$client.prepare<[], { id: number; attribute: string; label: string }>(
    'SELECT o.id, a.label AS attribute, o.label FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id ORDER BY a.position, a.id, o.position, o.id',
  ),
);

/** The family panel of the product form: variants with their value, or the set's components. */
export function familyView(db: Db, productId: number, i18n: I18n, error?: FamilyError) {
  const family = productFamily(db, productId)!;
  const all = options(db).all();
  return {
    ...family,
    error: error ?? null,
    optionOptions: [['', i18n._('Bez hodnoty')], ...all.map((o) => [String(o.id), `${o.attribute}: ${o.label}`])] as [string, string][],
    canHaveVariants: family.type === 'single' && family.parentId === null && family.components.length === 0,
    canHaveComponents: family.parentId === null && family.variants.length === 0,
  };
}

type FormPage = (c: Context<AdminEnv>, product: EditedProduct, error: FamilyError) => Response | Promise<Response>;

/**
 * The family's writes under /admin/produkty/<id>: …/varianty (add by code), …/varianty/<variant>/
 * hore|dole|odobrat|hodnota, …/sada (add by code with a quantity), …/sada/<component>/hore|dole|
 * odobrat|pocet. Each a plain POST answered by a redirect to the panel, or the page with the message.
 */
export function familyRoutes(app: Hono<AdminEnv>, deps: { find: (c: Context<AdminEnv>) => EditedProduct; formPage: FormPage }) {
  const done = (c: Context<AdminEnv>, product: EditedProduct, result: FamilyResult, form: FamilyError['form'], values: Record<string, string>) => {
    if (result.ok) return c.redirect(`${PRODUCTS_PATH}/${product.id}?ok=rodina#rodina`, 303);
    if ('missing' in result) throw new NotFoundError();
    return deps.formPage(c, product, { form, field: result.field, message: c.get('i18n')._(result.message), values });
  };
  const refused = (c: Context<AdminEnv>, product: EditedProduct, form: FamilyError['form'], errors: Record<string, string>, values: Record<string, string>) => {
    const [field, message] = Object.entries(errors)[0];
    return deps.formPage(c, product, { form, field, message, values });
  };

  app.post(`${PRODUCTS_PATH}/${ID}/varianty`, async (c) => {
    const product = deps.find(c);
    const fields = await formFields(c);
    const checked = checkForm(variantAddSchema, fields, c.get('i18n'));
    if (!checked.ok) return refused(c, product, 'variant', checked.errors, fields);
    const { db, clock } = c.get('deps');
    return done(c, product, addVariant(db, actorOf(c), clock.now(), product.id, checked.data.variant), 'variant', fields);
  });

  app.post(`${PRODUCTS_PATH}/${ID}/varianty/${ITEM}/:step{hore|dole|odobrat|hodnota}`, async (c) => {
    const product = deps.find(c);
    const item = Number(c.req.param('item'));
    const { db, clock } = c.get('deps');
    const actor = actorOf(c);
    const action = c.req.param('step');
    if (action === 'odobrat') return done(c, product, removeVariant(db, actor, clock.now(), product.id, item), `variant-${item}`, {});
    if (action !== 'hodnota') return done(c, product, moveVariant(db, actor, clock.now(), product.id, item, action === 'hore' ? -1 : 1), `variant-${item}`, {});
    const fields = await formFields(c);
    const checked = checkForm(variantValueSchema, fields, c.get('i18n'));
    if (!checked.ok) return refused(c, product, `variant-${item}`, checked.errors, fields);
    return done(c, product, setVariantOption(db, actor, clock.now(), product.id, item, checked.data.option), `variant-${item}`, fields);
  });

  app.post(`${PRODUCTS_PATH}/${ID}/sada`, async (c) => {
    const product = deps.find(c);
    const fields = await formFields(c);
    const checked = checkForm(componentAddSchema, fields, c.get('i18n'));
    if (!checked.ok) return refused(c, product, 'component', checked.errors, fields);
    const { db, clock } = c.get('deps');
    return done(c, product, addComponent(db, actorOf(c), clock.now(), product.id, checked.data.component, checked.data.quantity), 'component', fields);
  });

  app.post(`${PRODUCTS_PATH}/${ID}/sada/${ITEM}/:step{hore|dole|odobrat|pocet}`, async (c) => {
    const product = deps.find(c);
    const item = Number(c.req.param('item'));
    const { db, clock } = c.get('deps');
    const actor = actorOf(c);
    const action = c.req.param('step');
    if (action === 'odobrat') return done(c, product, removeComponent(db, actor, clock.now(), product.id, item), `component-${item}`, {});
    if (action !== 'pocet') return done(c, product, moveComponent(db, actor, clock.now(), product.id, item, action === 'hore' ? -1 : 1), `component-${item}`, {});
    const fields = await formFields(c);
    const checked = checkForm(componentQuantitySchema, fields, c.get('i18n'));
    if (!checked.ok) return refused(c, product, `component-${item}`, checked.errors, fields);
    return done(c, product, setComponentQuantity(db, actor, clock.now(), product.id, item, checked.data.quantity), `component-${item}`, fields);
  });
}

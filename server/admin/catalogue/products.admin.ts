import { Hono, type Context } from 'hono';
import type { LocaleTextErrors, LocaleTextValues } from '../locale-texts';
import { PRODUCT_LOCALE_TEXTS, translatedTextErrors } from './catalogue-locale-texts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ShopContext } from '../../http/env';
import { readBody } from '../../http/body';
import { NotFoundError } from '../../http/problem';
import { msg } from '../../i18n/msg';
import { productImageUrl, productUrl } from '../../catalog/urls';
import { sendWatchMails } from '../../watchdog/watchdog.mail';
import type { FiredWatch } from '../../watchdog/watchdog.service';
import { actorOf } from '../audit';
import type { AdminEnv } from '../env';
import { checkForm, noticeOf } from '../form';
import type { AdminRender } from '../render';
import { categoryOptions, sellerOptions } from './catalogue-options';
import { familyRoutes, familyView, type FamilyError } from './product-family.admin';
import { productPage } from './product-list.service';
import { CHANGED_MEANWHILE, editedProduct, saveProduct, type EditedProduct, type ShopIds } from './product-save.service';
import {
  addProductImage,
  cleanImage,
  imageProduct,
  moveProductImage,
  productImageDir,
  productImagesOf,
  removeProductImage,
  updateProductImage,
} from './product-images.service';
import {
  EMPTY_PRODUCT_FILTER,
  imageFormSchema,
  productFilterQuery,
  productFilterSchema,
  productFormSchema,
  RIBBONS,
  VISIBILITY,
  type ProductForm,
} from './products.schemas';

export const PRODUCTS_PATH = '/admin/produkty';
const ID = ':id{[0-9]{1,10}}';

const NOTICES = {
  ulozeny: msg('Produkt je uložený.'),
  obrazok: msg('Obrázok je nahraný.'),
  obrazky: msg('Obrázky sú upravené.'),
  rodina: msg('Varianty a sada sú upravené.'),
};

const moneyText = (minor: number | null | undefined) => (minor === null || minor === undefined ? '' : (minor / 100).toFixed(2).replace('.', ','));

/** A saved product as the form's text fields. */
function formValues(p: EditedProduct | null, shops: ShopContext[]): Record<string, unknown> {
  const values: Record<string, unknown> = p
    ? {
        name: p.name,
        description: p.description,
        code: p.code,
        slug: p.slug,
        category: String(p.categoryId),
        seller: p.sellerId === null ? '' : String(p.sellerId),
        visible: String(p.visible),
        quantity: String(p.quantity),
        availability: String(p.availabilityDays),
        cartLimit: p.cartLimit === null ? '' : String(p.cartLimit),
        weight: p.weightGrams ? String(p.weightGrams) : '',
        ribbons: p.ribbons,
        version: String(p.updatedAt),
      }
    : { visible: '4', quantity: '0', availability: '0', ribbons: [], version: '' };
  for (const shop of shops) {
    const price = p?.prices.find((x) => x.shopId === shop.id);
    values[`b2c_${shop.code}`] = moneyText(price?.b2c);
    values[`b2b_${shop.code}`] = moneyText(price?.b2b);
    values[`stara_${shop.code}`] = moneyText(price?.oldB2c);
    values[`dph_${shop.code}`] = String(price?.vatRate ?? shop.vatRate);
  }
  return values;
}

/** The posted form's fields as typed: text, and the ribbons' checkboxes as a list. */
async function postedProduct(c: Context<AdminEnv>): Promise<Record<string, unknown>> {
  const body = await readBody(c, { all: true });
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === '_csrf') continue;
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (name === 'ribbons[]') fields.ribbons = list;
    else if (list.length) fields[name] = list[list.length - 1];
  }
  fields.ribbons ??= [];
  return fields;
}

/**
 * /admin/produkty: the list (search, filters, paging) and one product's form (create and edit),
 * with its images. Each write is a plain POST answered by a redirect (its result in ?ok=), or the
 * form again with the values as typed and a message per field (400), or "changed meanwhile" (409).
 */
export function productsAdmin(render: AdminRender, shops: () => ShopContext[], uploadsDir: string) {
  const app = new Hono<AdminEnv>();
  const shopIds = (): ShopIds => Object.fromEntries(shops().map((s) => [s.code, s.id])) as ShopIds;
  const imageDir = productImageDir(uploadsDir);

  app.get(PRODUCTS_PATH, (c) => {
    const { db } = c.get('deps');
    const i18n = c.get('i18n');
    const checked = checkForm(productFilterSchema, c.req.query(), i18n);
    const filter = checked.ok ? checked.data : EMPTY_PRODUCT_FILTER;
    const list = checked.ok ? productPage(db, filter) : null;
    return render(
      c,
      'catalogue-products',
      {
        values: checked.ok ? filter : { ...EMPTY_PRODUCT_FILTER, ...c.req.query() },
        errors: checked.ok ? {} : checked.errors,
        list,
        shops: shops(),
        imageUrl: productImageUrl,
        visibilityLabel: (v: number) => i18n._(VISIBILITY[String(v) as keyof typeof VISIBILITY] ?? String(v)),
        categoryOptions: [['', i18n._('Všetky')], ...categoryOptions(db, 'product')],
        visibilityOptions: [['', i18n._('Všetky')], ...Object.entries(VISIBILITY).map(([k, label]) => [k, i18n._(label)])],
        sellerOptions: [['', i18n._('Všetci')], ['obchod', i18n._('Obchod (bez predajcu)')], ...sellerOptions(db)],
        stockOptions: [['', i18n._('Všetky')], ['ano', i18n._('Na sklade')], ['nie', i18n._('Vypredané')]],
        pageLink: (page: number) => `${PRODUCTS_PATH}${productFilterQuery(filter, page)}`,
      },
      { title: i18n._('Produkty'), status: checked.ok ? 200 : 400 },
    );
  });

  const formPage = (
    c: Context<AdminEnv>,
    product: EditedProduct | null,
    state: {
      values?: Record<string, unknown>;
      errors?: Record<string, string>;
      formError?: string;
      imageError?: string;
      familyError?: FamilyError;
      status?: ContentfulStatusCode;
      texts?: { values: LocaleTextValues; errors?: LocaleTextErrors };
    } = {},
  ) => {
    const { db } = c.get('deps');
    const i18n = c.get('i18n');
    return render(
      c,
      'product',
      {
        product,
        values: state.values ?? formValues(product, shops()),
        texts: PRODUCT_LOCALE_TEXTS.view(i18n, db, product?.id ?? null, state.texts),
        errors: state.errors ?? {},
        formError: state.formError ?? null,
        imageError: state.imageError ?? null,
        notice: noticeOf(c, NOTICES),
        shops: shops(),
        family: product ? familyView(db, product.id, i18n, state.familyError) : null,
        images: product ? productImagesOf(db, product.id).map((img) => ({ ...img, url: productImageUrl(img.filename) })) : [],
        shopLink: product ? productUrl(product.slug) : null,
        action: product ? `${PRODUCTS_PATH}/${product.id}` : `${PRODUCTS_PATH}/novy`,
        categoryOptions: [['', i18n._('Vyberte kategóriu')], ...categoryOptions(db, 'product')],
        sellerOptions: [['', i18n._('Obchod (bez predajcu)')], ...sellerOptions(db)],
        visibilityOptions: Object.entries(VISIBILITY).map(([k, label]) => [k, i18n._(label)]),
        ribbons: Object.entries(RIBBONS).map(([k, label]) => [k, i18n._(label)]),
      },
      { title: product ? i18n._('Produkt {name}', { name: product.name }) : i18n._('Nový produkt'), status: state.status },
    );
  };

  const find = (c: Context<AdminEnv>): EditedProduct => {
    const product = editedProduct(c.get('deps').db, Number(c.req.param('id')));
    if (!product) throw new NotFoundError(msg('Produkt neexistuje'));
    return product;
  };

  /** The watches the save fired: their mails after the commit, as the shop's write service sends them. */
  const mailWatches = async (c: Context<AdminEnv>, fired: FiredWatch[]) => {
    if (!fired.length) return;
    const { mailer, logger } = c.get('deps');
    const origins = Object.fromEntries(shops().map((s) => [s.code, s.origin])) as Record<'sk' | 'cz', string>;
    await sendWatchMails(fired, { mailer, logger, origins });
  };

  const save = async (c: Context<AdminEnv>, product: EditedProduct | null) => {
    const i18n = c.get('i18n');
    const fields = await postedProduct(c);
    const checked = checkForm(productFormSchema, fields, i18n);
    const posted = PRODUCT_LOCALE_TEXTS.posted(fields);
    const textsChecked = PRODUCT_LOCALE_TEXTS.check(posted, i18n);
    const texts = { values: posted, errors: textsChecked.ok ? {} : textsChecked.errors };
    if (!checked.ok || !textsChecked.ok) return formPage(c, product, { values: fields, errors: checked.ok ? {} : checked.errors, texts, status: 400 });
    const { db, clock } = c.get('deps');
    const result = saveProduct(db, actorOf(c), clock.now(), product?.id ?? null, checked.data as ProductForm, shopIds(), textsChecked.data);
    if (!result.ok) {
      if ('conflict' in result) return formPage(c, product, { values: fields, formError: i18n._(CHANGED_MEANWHILE), texts, status: 409 });
      if ('textErrors' in result) return formPage(c, product, { values: fields, texts: { values: posted, errors: translatedTextErrors(i18n, result.textErrors) }, status: 400 });
      const errors = Object.fromEntries(Object.entries(result.errors).map(([k, m]) => [k, i18n._(m)]));
      return formPage(c, product, { values: fields, errors, formError: errors._form, texts, status: 400 });
    }
    await mailWatches(c, result.fired);
    return c.redirect(`${PRODUCTS_PATH}/${result.id}?ok=ulozeny`, 303);
  };

  app.get(`${PRODUCTS_PATH}/novy`, (c) => formPage(c, null));
  app.post(`${PRODUCTS_PATH}/novy`, (c) => save(c, null));
  app.get(`${PRODUCTS_PATH}/${ID}`, (c) => formPage(c, find(c)));
  app.post(`${PRODUCTS_PATH}/${ID}`, (c) => save(c, find(c)));

  app.post(`${PRODUCTS_PATH}/${ID}/obrazky`, async (c) => {
    const product = find(c);
    const i18n = c.get('i18n');
    const body = await readBody(c, { files: true });
    const file = body.obrazok;
    const alt = typeof body.alt === 'string' ? body.alt.trim().slice(0, 200) : '';
    if (!(file instanceof File) || file.size === 0) return formPage(c, product, { imageError: i18n._('Vyberte obrázok'), status: 400 });
    const cleaned = await cleanImage(file.name, new Uint8Array(await file.arrayBuffer()));
    if (!cleaned.ok) return formPage(c, product, { imageError: i18n._(cleaned.message), status: 400 });
    const { db, clock } = c.get('deps');
    await addProductImage(db, imageDir, actorOf(c), clock.now(), product.id, cleaned.jpeg, alt);
    return c.redirect(`${PRODUCTS_PATH}/${product.id}?ok=obrazok#obrazky`, 303);
  });

  // An image by its own id (the product is the image's): /admin/produkty/obrazky/<id>/<action>.
  app.post(`${PRODUCTS_PATH}/obrazky/${ID}/:action{ulozit|hore|dole|zmazat}`, async (c) => {
    const imageId = Number(c.req.param('id'));
    const productId = imageProduct(c.get('deps').db, imageId);
    if (productId === null) throw new NotFoundError();
    const product = editedProduct(c.get('deps').db, productId)!;
    const { db, clock } = c.get('deps');
    const actor = actorOf(c);
    let done: boolean;
    switch (c.req.param('action')) {
      case 'hore':
      case 'dole':
        done = moveProductImage(db, actor, clock.now(), product.id, imageId, c.req.param('action') === 'hore' ? -1 : 1);
        break;
      case 'zmazat':
        done = await removeProductImage(db, imageDir, actor, clock.now(), product.id, imageId);
        break;
      default: {
        const body = await readBody(c);
        const checked = checkForm(imageFormSchema, body, c.get('i18n'));
        if (!checked.ok) return formPage(c, product, { imageError: Object.values(checked.errors)[0], status: 400 });
        done = updateProductImage(db, actor, clock.now(), product.id, imageId, checked.data);
      }
    }
    if (!done) throw new NotFoundError();
    return c.redirect(`${PRODUCTS_PATH}/${product.id}?ok=obrazky#obrazky`, 303);
  });

  familyRoutes(app, { find, formPage: (c, product, familyError) => formPage(c, product, { familyError, status: 400 }) });

  return app;
}

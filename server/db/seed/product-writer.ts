import type Database from 'better-sqlite3';
import type { ProductRecord } from '../../product/product.service';
import type { SeedLocale } from './catalog-i18n';
import { priceRows } from './prices';
import { pictureFile, type Picture } from '../../media/product-pictures';
import { slugify } from './slug';

/** The rows of one product as the seed writes them: the product, its texts, prices, pictures and options. */

const CAPTIONS = ['Hlavný pohľad', 'Detail', 'Pohľad zboku', 'Balenie', 'Ukážka použitia'];

/** A product row as written: the columns the shop reads back (ProductRecord), in their stored form where they differ. */
export type ProductRow = Pick<
  ProductRecord,
  'id' | 'parentId' | 'categoryId' | 'sellerId' | 'type' | 'name' | 'description' | 'visible' | 'quantity' | 'availabilityDays' | 'hasVideos' | 'childrenCount' | 'variantView'
> & {
  cartLimit: number | null;
  manufactured: boolean;
  /** JSON, as stored. */
  tags: string;
  tagsPublic: string;
  position: number;
  createdAt: number;
  updatedAt: number;
};

const pad6 = (id: number) => String(id).padStart(6, '0');

/** Prepared statements for the hot loop: raw better-sqlite3, positional parameters, no builders. */
export function productWriter(sqlite: Database.Database) {
  const product = sqlite.prepare(
    `INSERT INTO products (id, parent_id, category_id, seller_id, type, name, slug, code_public, description, image_filename,
       visible, quantity, cart_limit, manufactured, availability_days, inventory_status, tags, tags_public, has_videos,
       children_count, variant_view, variant_view_setting, position, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const price = sqlite.prepare(
    'INSERT INTO product_prices (product_id, shop_id, price_b2c, price_old_b2c, price_b2b, price_old_b2b, vat_rate) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const image = sqlite.prepare('INSERT INTO product_images (id, product_id, filename, alt, text, position) VALUES (?, ?, ?, ?, ?, ?)');
  const value = sqlite.prepare('INSERT INTO product_attribute_values (product_id, option_id) VALUES (?, ?)');
  // Czech and English names and descriptions (catalog-i18n.ts); the Czech shop's slug keeps the code suffix.
  const text = sqlite.prepare('INSERT INTO product_texts (product_id, locale, name, slug, description) VALUES (?, ?, ?, ?, ?)');
  let imageId = 0;
  // Names repeat a lot across 100,000 products; NFD normalising each one again is wasted work.
  const slugs = new Map<string, string>();
  const slugOf = (name: string) => {
    let slug = slugs.get(name);
    if (slug === undefined) slugs.set(name, (slug = slugify(name)));
    return slug;
  };

  return {
    product(p: ProductRow, picture: Picture): void {
      const code = pad6(p.id);
      product.run(
        p.id, p.parentId, p.categoryId, p.sellerId, p.type, p.name,
        // Products live at /{slug} beside categories; the code suffix keeps the two apart and unique.
        `${slugOf(p.name)}-ob-${code}`, `OB-${code}`, p.description, pictureFile(`p${code}`, picture, 1),
        p.visible, p.quantity, p.cartLimit, p.manufactured ? 1 : 0, p.availabilityDays, p.tags, p.tagsPublic,
        // variant_view_setting mirrors variant_view: the layout the parent was configured with.
        p.hasVideos ? 1 : 0, p.childrenCount, p.variantView, p.variantView, p.position, p.createdAt, p.updatedAt,
      );
    },
    texts(productId: number, nameIn: (locale: SeedLocale) => string, description: Record<SeedLocale, string>): void {
      const cs = nameIn('cs');
      text.run(productId, 'cs', cs, `${slugOf(cs)}-ob-${pad6(productId)}`, description.cs);
      text.run(productId, 'en', nameIn('en'), null, description.en);
    },
    prices(productId: number, cents: number, oldCents: number | null): void {
      for (const row of priceRows(cents, oldCents)) price.run(productId, row.shopId, row.b2c, row.oldB2c, row.b2b, row.oldB2b, row.vatRate);
    },
    /** File names only: the media route draws each picture from its name. */
    images(productId: number, name: string, count: number, picture: Picture): void {
      const code = pad6(productId);
      for (let n = 1; n <= count; n++) image.run(++imageId, productId, pictureFile(`p${code}`, picture, n), name, CAPTIONS[n - 1], n);
    },
    values(productId: number, optionIds: number[]): void {
      for (const optionId of optionIds) value.run(productId, optionId);
    },
  };
}

/** OpenAPI 3.1 paths of the catalogue: categories, breadcrumb, product lists, availability, filters. */

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const json = (schema: unknown, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const form = (schema: unknown) => ({
  required: false,
  content: { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema }, 'application/json': { schema } },
});
const idPath = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const ids = { description: 'One id, a comma-separated list, a repeated field (also `product_id[]`) or a JSON array; at most 100.', oneOf: [{ type: 'integer' }, { type: 'string' }, { type: 'array', items: { type: 'integer' } }] };

const category = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    slug: { type: 'string' },
    url: { type: 'string', description: 'Path of the category page, /{slug}.' },
    visible: { type: 'boolean' },
    canonical: { type: ['string', 'null'] },
    position: { type: 'integer' },
    type: { enum: ['product', 'blog'] },
    visible_children: { type: 'boolean' },
    visible_menu: { type: 'boolean' },
    visible_menu_temp: { type: 'boolean' },
    path: { type: 'string', description: 'Materialised id path, "/1/4/9/".' },
    children: { type: 'array', items: { type: 'object', description: 'A category of the same shape.' }, description: 'Visible children sorted by position, nested.' },
  },
};

const product = {
  type: 'object',
  description: 'The Product entity of the spec. Money is integer minor units (cents, haléře) of the shop currency; *_formatted are for display.',
  properties: {
    id: { type: 'integer' },
    parent_id: { type: ['integer', 'null'] },
    name: { type: 'string' },
    url: { type: 'string' },
    type: { enum: ['single', 'set', 'variant'] },
    visible: { type: 'integer', description: '2 = purchasable (cart button), 4 = listed without the cart button.' },
    code_public: { type: 'string' },
    image_filename: { type: ['string', 'null'] },
    image_url: { type: ['string', 'null'] },
    price: { type: 'integer', description: 'Minor units; B2B for wholesale shoppers, else B2C.' },
    priceOld: { type: ['integer', 'null'] },
    price_formatted: { type: 'string' },
    priceOld_formatted: { type: ['string', 'null'] },
    currency: { type: 'string' },
    currencySymbol: { type: 'string' },
    price_is_b2c: { type: 'boolean' },
    quantity: { type: ['integer', 'null'], description: 'Pieces in stock; only with with_availability.' },
    availability_text: { type: 'string' },
    availability_days: { type: 'integer', description: '0 in stock, 1 by tomorrow, -1 unavailable, N > 1 within N days.' },
    availability_severity: { enum: ['success', 'info', 'warn', 'danger'] },
    tags: { type: 'array', items: { type: 'object', properties: { c_type: { type: 'string' }, c_value: { type: 'string' } } } },
    tags_public: { type: 'array', items: { type: 'string' } },
    has_videos: { type: 'boolean' },
    seller: { type: ['object', 'null'], properties: { name: { type: 'string' }, url: { type: 'string' } } },
    children_count: { type: 'integer' },
    inventoryStatus: { type: ['string', 'null'] },
    variant_view: { enum: ['grid', 'list', null] },
    variant_view_setting: { type: ['string', 'null'] },
  },
};

const criteria = {
  description:
    'JSON (text in a form field, or an object in a JSON body): `{ "farba": ["modra", "cervena"], "price": [1000, 2500] }`. AND across attributes, OR within one; price in minor units, inclusive. Unknown attributes or options answer 400.',
  oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'array' } }],
};

const listFields = {
  type: 'object',
  properties: {
    product_id: ids,
    product_parent_id: { type: 'integer', description: 'Lists the variants of this parent; variant_view comes from it.' },
    category_id: { type: 'integer', description: 'Products of the category and its visible descendants (top-level, visible ≠ 0).' },
    filter_criteria: criteria,
    with_availability: { description: 'Include `quantity`.', oneOf: [{ type: 'boolean' }, { enum: ['1', '0', 'true', 'false', 'on'] }] },
    _offset: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
    _limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
  },
};
const listResponse = json({
  type: 'object',
  properties: {
    items: { type: 'array', items: product },
    total: { type: 'integer' },
    variant_view: { enum: ['grid', 'list', null] },
    variant_view_setting: { type: ['string', 'null'] },
  },
});

const bad = problem('Invalid input: `errors` names each bad field.');

export const catalogPaths: Record<string, unknown> = {
  '/api/category': {
    get: {
      summary: 'Root categories with their visible subtrees',
      parameters: [{ name: 'type', in: 'query', schema: { enum: ['product', 'blog'] } }],
      responses: { 200: json({ type: 'array', items: category }) },
    },
  },
  '/api/category/{id}': {
    get: { summary: 'One visible category with its subtree', parameters: [idPath], responses: { 200: json(category), 404: problem('No such visible category.') } },
  },
  '/api/categories': {
    post: {
      summary: 'Look up categories (by slug, by ids, or the roots of a type); clients use the first item',
      security: [{ csrf: [] }],
      requestBody: form({ type: 'object', properties: { category_slug: { type: 'string' }, category_id: ids, type: { enum: ['product', 'blog'] } } }),
      responses: { 200: json({ type: 'array', items: category }), 400: bad },
    },
  },
  '/api/breadcrumb/{id}': {
    get: {
      summary: 'Breadcrumb of a category, root first',
      parameters: [idPath],
      responses: { 200: json({ type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, path: { type: 'string' } } } }), 404: problem('No such visible category.') },
    },
  },
  '/api/product': {
    get: {
      summary: 'Product list (the POST fields as query parameters)',
      parameters: Object.entries(listFields.properties).map(([name, schema]) => ({ name, in: 'query', schema })),
      responses: { 200: listResponse, 400: bad, 404: problem('Unknown category or parent product.') },
    },
    post: {
      summary: 'Product list: by ids, variants of a parent, or a filtered category; 100 items when no _limit is given',
      security: [{ csrf: [] }],
      requestBody: form(listFields),
      responses: { 200: listResponse, 400: bad, 404: problem('Unknown category or parent product.') },
    },
  },
  '/api/product/availability': {
    post: {
      summary: 'Stock and delivery time by product id (unknown or hidden ids are left out)',
      security: [{ csrf: [] }],
      requestBody: form({ type: 'object', required: ['product_id'], properties: { product_id: ids } }),
      responses: {
        200: json({
          type: 'object',
          additionalProperties: {
            type: 'object',
            properties: { quantity: { type: 'integer' }, availability_text: { type: 'string' }, availability_days: { type: 'integer' }, availability_severity: { type: 'string' } },
          },
        }),
        400: bad,
      },
    },
  },
  '/api/product/filter': {
    post: {
      summary: 'Filter choices of a product category',
      security: [{ csrf: [] }],
      requestBody: form({ type: 'object', required: ['category_id'], properties: { category_id: { type: 'integer' } } }),
      responses: {
        200: json({
          type: 'object',
          properties: {
            attributes: {
              type: 'object',
              description: 'By attribute code, in filter order.',
              additionalProperties: {
                type: 'object',
                properties: {
                  label: { type: 'string' },
                  options: { type: 'object', additionalProperties: { type: 'string' }, description: 'Option key → label.' },
                  styles: { type: 'object', additionalProperties: { type: 'object' }, description: 'Option key → presentation, e.g. { background: "#2563eb" }.' },
                },
              },
            },
            order: { type: 'array', items: { type: 'string' } },
            price: { type: ['object', 'null'], properties: { label: { type: 'string' }, options: { type: 'array', items: { type: 'integer' }, description: '[min, max] in minor units.' } } },
          },
        }),
        400: bad,
        404: problem('No such product category.'),
      },
    },
  },
  '/api/product/filter-count': {
    get: {
      summary: 'How many products of a category match a filter (what the filter widget asks)',
      description:
        'A read, so no CSRF token. The filter is written as in a category address: `attribute:key1,key2` groups joined by `;` and `price:min-max` in major units. ' +
        'Asked at its canonical address (attributes in the category\'s order, keys sorted, price last, as the category page writes it), an anonymous shopper\'s count may come from the shared page cache.',
      parameters: [
        { name: 'category_id', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } },
        { name: 'filter', in: 'query', required: false, schema: { type: 'string', maxLength: 2000 }, example: 'znacka:tatra;price:10-49.9' },
      ],
      responses: { 200: json({ type: 'object', properties: { count: { type: 'integer' } } }), 400: bad, 404: problem('No such product category.') },
    },
    post: {
      summary: 'How many products of a category match the criteria',
      security: [{ csrf: [] }],
      requestBody: form({ type: 'object', required: ['category_id'], properties: { category_id: { type: 'integer' }, filter_criteria: criteria } }),
      responses: { 200: json({ type: 'object', properties: { count: { type: 'integer' } } }), 400: bad, 404: problem('No such product category.') },
    },
  },
};

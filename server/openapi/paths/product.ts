const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (schema: unknown, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 2147483647 } };

const product = {
  type: 'object',
  description: 'Spec 3 Product. Money in minor units of `currency` with VAT; B2B prices for ROLE_WHOLESALE (price_is_b2c false).',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    url: { type: 'string', example: '/slahackova-torta-forma-24-cm-ob-000001' },
    type: { type: 'string', enum: ['single', 'set', 'variant'] },
    visible: { type: 'integer', description: '2 allows the cart button; 0 is never returned (404).' },
    code_public: { type: 'string' },
    image_filename: { type: ['string', 'null'], description: 'Under /data/product/image/medium/sk/.' },
    price: { type: 'integer' },
    priceOld: { type: ['integer', 'null'] },
    currency: { type: 'string', example: 'EUR' },
    currencySymbol: { type: 'string', example: '€' },
    price_is_b2c: { type: 'boolean' },
    quantity: { type: 'integer' },
    availability_text: { type: 'string', example: 'Skladom' },
    availability_days: { type: 'integer', description: '0 in stock, 1 by tomorrow, -1 unavailable, N > 1 within N days.' },
    availability_severity: { type: 'string', enum: ['success', 'info', 'warn', 'danger'] },
    tags: { type: 'array', items: { type: 'object', properties: { c_type: { type: 'string' }, c_value: { type: 'string' } } } },
    tags_public: { type: 'array', items: { type: 'string' }, description: 'Ribbon types: novinka, zlava, top, akcia.' },
    has_videos: { type: 'boolean' },
    seller: { type: ['object', 'null'], properties: { name: { type: 'string' }, url: { type: 'string' } } },
    children_count: { type: 'integer' },
    inventoryStatus: { type: ['string', 'null'] },
    variant_view: { type: ['string', 'null'], enum: ['grid', 'list', null] },
    variant_view_setting: { type: ['string', 'null'] },
  },
};
const image = {
  type: 'object',
  properties: { id: { type: 'integer' }, thumbnail_url: { type: 'string' }, url: { type: 'string' }, text: { type: 'string' }, alt: { type: 'string' } },
};
const reviewPage = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          text: { type: 'string' },
          pros: { type: 'string' },
          cons: { type: 'string' },
          rating: { type: 'integer', minimum: 1, maximum: 5 },
          recommends: { type: ['boolean', 'null'] },
          avatar: { type: ['string', 'null'] },
        },
      },
    },
    total: { type: 'integer' },
  },
};
const reviewFields = {
  type: 'object',
  required: ['product_id'],
  properties: {
    product_id: { type: 'integer', minimum: 1 },
    _limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
    _offset: { type: 'integer', minimum: 0, default: 0 },
  },
};
const chapter = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string' }, time: { type: 'integer', description: 'Seconds.' } } };
const chapterFields = {
  type: 'object',
  properties: {
    product_id: { type: 'integer', minimum: 1 },
    url: { type: 'string', description: 'A YouTube link that yields an 11-character id (youtu.be/ID, watch?v=ID, embed/ID, shorts/ID, live/ID).' },
  },
};
const form = (schema: unknown) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema }, 'application/json': { schema } },
});

/** Product detail, gallery, reviews and video chapters (spec 7). */
export const productPaths: Record<string, unknown> = {
  '/api/product/{id}': {
    get: {
      summary: 'One product',
      tags: ['product'],
      parameters: [idParam],
      responses: { 200: json(product), 404: problem('Unknown, hidden or malformed id') },
    },
  },
  '/api/product/{id}/images': {
    get: {
      summary: 'Gallery images of a product',
      tags: ['product'],
      parameters: [idParam],
      responses: { 200: json({ type: 'array', items: image }), 404: problem('Unknown, hidden or malformed id') },
    },
  },
  '/api/review': {
    get: {
      summary: 'Reviews of a product, newest first',
      tags: ['review'],
      parameters: [
        { name: 'product_id', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } },
        { name: '_limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
        { name: '_offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
      ],
      responses: { 200: json(reviewPage), 400: problem('Invalid field (errors names it)'), 404: problem('Unknown or hidden product') },
    },
    post: {
      summary: 'Reviews of a product (form variant of the GET)',
      tags: ['review'],
      security: [{ csrf: [] }],
      requestBody: form(reviewFields),
      responses: { 200: json(reviewPage), 400: problem('Invalid field (errors names it)'), 404: problem('Unknown or hidden product') },
    },
  },
  '/api/video/chapter': {
    post: {
      summary: 'Chapters of a video, by product or by link',
      description: 'With url: the chapters of that video (none when we do not hold it). With product_id: the first video of the product plus all of them in `videos`.',
      tags: ['video'],
      security: [{ csrf: [] }],
      requestBody: form(chapterFields),
      responses: {
        200: json({
          type: 'object',
          properties: {
            video_id: { type: ['string', 'null'], pattern: '^[A-Za-z0-9_-]{11}$' },
            title: { type: ['string', 'null'] },
            url: { type: ['string', 'null'] },
            chapters: { type: 'array', items: chapter },
            videos: { type: 'array', items: { type: 'object' } },
          },
        }),
        400: problem('The url yields no 11-character video id, or neither field was sent'),
        404: problem('Unknown or hidden product'),
      },
    },
  },
};

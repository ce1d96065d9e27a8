const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const watchFields = {
  type: 'object',
  required: ['product', 'email'],
  properties: {
    product: { type: 'integer', description: 'Product id.' },
    email: { type: 'string', format: 'email', maxLength: 254 },
    available: { type: 'boolean', description: 'Watch availability. Form data: "1", "true" or "on".' },
    available_value: { type: 'integer', minimum: 0, description: 'Fire when more than this many pieces are in stock (default 0).' },
    price: { type: 'boolean', description: 'Watch the price.' },
    price_value: {
      type: 'string',
      example: '9,90',
      description: 'Fire when the B2C price of this shop is less than this. Decimal comma or point, at most 2 decimals; must not exceed the current price.',
    },
  },
};

/** The price and availability watch (spec 3, 5, 7: "the watch dialog saves with form data"). */
export const watchdogPaths: Record<string, unknown> = {
  '/api/watchdog': {
    post: {
      summary: 'Watch a product’s price and availability',
      description:
        'Anyone may watch a product (no sign-in). At least one of available and price must be chosen. The watch is kept for the shop ' +
        'and locale of the request and fires once, by e-mail in that locale, when a chosen condition becomes true after a price or ' +
        'stock change. The same e-mail on the same product replaces its open watch. Rate limited per client address.',
      tags: ['watchdog'],
      security: [{ csrf: [] }],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: watchFields },
          'multipart/form-data': { schema: watchFields },
          'application/json': { schema: watchFields },
        },
      },
      responses: {
        '201': {
          description: 'Saved. `id` is a random public id of the watch.',
          content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } },
        },
        '400': problem('Validation failed: `errors` maps available, available_value, price_value and email to messages in the shopper’s locale; `detail` is the first of them.'),
        '403': problem('Missing or wrong CSRF token, or a cross-site request.'),
        '404': problem('Unknown or hidden product, or no price in this shop.'),
        '415': problem('Neither JSON nor form data.'),
        '429': problem('Too many watches from this address; see Retry-After.'),
      },
    },
  },
};

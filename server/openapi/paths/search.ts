/** OpenAPI paths of the search area (server/search/search.api.ts). */
const card = {
  type: 'object',
  required: ['id', 'name', 'url', 'image', 'price', 'priceOld', 'availabilityDays', 'codePublic', 'tagsPublic'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    url: { type: 'string', description: 'Product page path' },
    image: { type: ['string', 'null'] },
    price: { type: 'integer', description: 'Minor units, VAT included; B2B price for wholesale buyers' },
    priceOld: { type: ['integer', 'null'] },
    availabilityDays: { type: 'integer', description: '0 in stock, 1 by tomorrow, -1 unavailable, N > 1 within N days' },
    codePublic: { type: 'string' },
    tagsPublic: { type: 'array', items: { type: 'string' }, description: 'Ribbons: novinka, zlava, top, akcia' },
  },
};

export const searchPaths: Record<string, unknown> = {
  '/api/search': {
    get: {
      summary: 'Search products by name, id or public code',
      description:
        'Accent-insensitive full-text search over visible top-level products (the same search as the /hladaj page). ' +
        'A query that is a product id or public code (OB-000123) lists that product first. When nothing matches, ' +
        'unknown words are corrected against the index vocabulary and `corrected` holds the query used. ' +
        'Queries are cut to 200 characters (`truncated`).',
      parameters: [
        { name: 'q', in: 'query', schema: { type: 'string' } },
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 12 } },
      ],
      responses: {
        200: {
          description: 'One page of results',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['query', 'truncated', 'corrected', 'items', 'total', 'page', 'pageSize', 'currency'],
                properties: {
                  query: { type: 'string' },
                  truncated: { type: 'boolean' },
                  corrected: { type: ['string', 'null'] },
                  items: { type: 'array', items: card },
                  total: { type: 'integer' },
                  page: { type: 'integer' },
                  pageSize: { type: 'integer' },
                  currency: { type: 'string' },
                },
              },
            },
          },
        },
        400: { description: 'Invalid page or limit', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } },
      },
    },
  },
};

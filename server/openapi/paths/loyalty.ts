const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (description: string, schema: object = { type: 'object' }) => ({ description, content: { 'application/json': { schema } } });
const idParam = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }];
const signedIn = { 401: problem('Not signed in.') };
const voucher = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: ['string', 'null'], description: 'Shown only once activated.' },
    type: { type: 'integer', enum: [1, 2, 3, 5], description: '1 fixed (value in minor units), 2 percent, 3 free shipping, 5 gift.' },
    value: { type: 'integer' },
    amount_from: { type: 'integer', description: 'Minimum order subtotal, minor units.' },
    gift_item: { type: ['string', 'null'] },
    activated: { type: 'boolean' },
    activated_at: { type: ['integer', 'null'] },
    date_to: { type: ['integer', 'null'], description: 'Valid until (ms since epoch); set on activation.' },
    used: { type: 'boolean' },
  },
};
const withMessage = (description: string) => json(description, { type: 'object', properties: { message: { type: 'string' }, voucher } });

/** Points ledger, point items and vouchers (spec 7; paths the spec does not show are ours, docs/decisions/090). */
export const loyaltyPaths: Record<string, unknown> = {
  '/api/consumer/point/count': {
    get: { summary: 'Point balance', tags: ['points'], responses: { 200: json('Balance (never negative).', { type: 'object', properties: { count: { type: 'integer' } } }), ...signedIn } },
  },
  '/api/consumer/point/history': {
    get: {
      summary: 'Point history, newest first',
      tags: ['points'],
      parameters: [
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        { name: 'size', in: 'query', schema: { type: 'integer', enum: [10, 20, 50], default: 10 } },
      ],
      responses: {
        200: json('One page of entries.', {
          type: 'object',
          properties: {
            total: { type: 'integer' },
            page: { type: 'integer' },
            size: { type: 'integer' },
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  created_at: { type: 'integer' },
                  value: { type: 'integer', description: 'Signed: credits positive, spends negative.' },
                  item_type: { type: 'string', enum: ['purchase', 'point_item', 'manual', 'registration', 'referral'] },
                  item_id: { type: 'integer' },
                  item: { type: ['object', 'null'], properties: { name: { type: 'string' } } },
                },
              },
            },
          },
        }),
        ...signedIn,
      },
    },
  },
  '/api/consumer/point/items': {
    get: { summary: 'Point items with whether this user can still claim them', tags: ['points'], responses: { 200: json('Items.'), ...signedIn } },
  },
  '/api/consumer/point/item/{id}': {
    get: { summary: 'Point item detail (name, disabled)', tags: ['points'], parameters: idParam('id'), responses: { 200: json('Item.'), 404: problem('No such item.'), ...signedIn } },
  },
  '/api/consumer/point/{pointItemId}/buy': {
    get: {
      summary: 'Claim a point item (spends its price)',
      description:
        'A GET because the spec says so, but it changes state: the x-csrf-token header is REQUIRED (403 without it), so a link, an image or a prefetch from another site cannot spend points. The spend re-checks the balance inside one immediate transaction.',
      tags: ['points'],
      security: [{ csrf: [] }],
      parameters: idParam('pointItemId'),
      responses: {
        200: json('Spent.', { type: 'object', properties: { id: { type: 'integer', description: 'Ledger entry id.' }, balance: { type: 'integer' } } }),
        403: problem('Missing or wrong CSRF token.'),
        404: problem('No such item.'),
        409: problem('"Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov", item disabled or already claimed.'),
        ...signedIn,
      },
    },
  },
  '/api/consumer/voucher': {
    get: { summary: "The user's vouchers", tags: ['vouchers'], responses: { 200: json('Not activated and activated.', { type: 'object', properties: { inactive: { type: 'array', items: voucher }, active: { type: 'array', items: voucher } } }), ...signedIn } },
  },
  '/api/consumer/voucher/{id}': {
    get: { summary: 'One own voucher', tags: ['vouchers'], parameters: idParam('id'), responses: { 200: json('Voucher.', voucher), 404: problem("Missing or another user's."), ...signedIn } },
  },
  '/api/consumer/voucher/code/{code}': {
    get: { summary: 'One own voucher by code', tags: ['vouchers'], parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } }], responses: { 200: json('Voucher.', voucher), 404: problem("Missing or another user's."), ...signedIn } },
  },
  '/api/consumer/voucher/{id}/activate': {
    post: { summary: 'Activate an own voucher ("Aktivoval si kupón")', tags: ['vouchers'], security: [{ csrf: [] }], parameters: idParam('id'), responses: { 200: withMessage('Activated (idempotent).'), 404: problem("Missing or another user's."), ...signedIn } },
  },
  '/api/consumer/voucher/buy/{pointItemId}': {
    post: {
      summary: 'Buy a voucher with points ("Získal si kupón")',
      tags: ['vouchers'],
      security: [{ csrf: [] }],
      parameters: idParam('pointItemId'),
      responses: { 201: withMessage('Bought; not yet activated.'), 409: problem('"Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov".'), 404: problem('No such item.'), ...signedIn },
    },
  },
  '/api/consumer/blog/{id}/unlock': {
    post: {
      summary: 'Obtain a guide for points (or a free one) — ours, docs/decisions/142',
      description:
        'Spends obtain_price points in one immediate transaction (a point_item debit whose item_id is the guide id negated) and records the guide in the Návody tab. A guide already obtained answers 200 with unlocked: false and charges nothing. Purchase guides are sold outside the points (409).',
      tags: ['points'],
      security: [{ csrf: [] }],
      parameters: idParam('id'),
      requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        200: json('Obtained (or already had).', {
          type: 'object',
          properties: {
            blog_id: { type: 'integer' },
            unlocked: { type: 'boolean', description: 'False when the user had it already.' },
            via: { type: 'string', enum: ['free', 'points', 'purchase'] },
            spent: { type: 'integer' },
            balance: { type: 'integer' },
            redirect: { type: 'string', description: '/moje/objednavky#blog:{id}' },
          },
        }),
        404: problem('No such (visible) guide.'),
        409: problem('"Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov", or "Tento návod sa dá len kúpiť.".'),
        ...signedIn,
      },
    },
  },
  '/api/cart/voucher': {
    post: {
      summary: 'Apply a voucher code to the cart (empty code removes it)',
      description: 'The client\'s cart total is ignored; the server checks owner, activation, dates, single use and the minimum order against its own subtotal. Answers the applied voucher plus the whole cart view (discount and totals).',
      tags: ['cart', 'vouchers'],
      security: [{ csrf: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'string', maxLength: 64 } } } } } },
      responses: {
        200: json('Applied.', { type: 'object', properties: { message: { type: 'string' }, code: { type: ['string', 'null'] }, type: { type: ['integer', 'null'] }, value: { type: ['integer', 'null'] }, cart: { type: 'object' } } }),
        400: problem('Below the minimum order, not yet valid, expired or not activated.'),
        404: problem("Unknown code or another user's voucher."),
        409: problem('Already used, or the cart is empty.'),
      },
    },
  },
};

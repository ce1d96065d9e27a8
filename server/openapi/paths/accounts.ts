const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const form = (schema: object) => ({
  required: true,
  content: { 'multipart/form-data': { schema }, 'application/x-www-form-urlencoded': { schema }, 'application/json': { schema } },
});
const json = (description: string, schema: object = { type: 'object' }) => ({ description, content: { 'application/json': { schema } } });
const idParam = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }];
const signedIn = { 401: problem('Not signed in.'), 403: problem('Missing or wrong CSRF token.') };
const type = { type: 'string', enum: ['consumer', 'wholesale', 'seller'], description: 'Requested account type; wholesale and seller stay pending until the operator approves. Never grants a role.' };
const productCard = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    url: { type: 'string' },
    image: { type: ['string', 'null'] },
    price: { type: 'integer', description: 'Minor units, this shop, B2B for wholesale.' },
    price_old: { type: ['integer', 'null'] },
    price_formatted: { type: 'string' },
    availability_days: { type: 'integer' },
    category_name: { type: ['string', 'null'] },
  },
};

/** Sign-in, sign-up, favourites and the data wipe (spec 7). Every state change carries the CSRF token. */
export const accountPaths: Record<string, unknown> = {
  '/api/security/signin': {
    post: {
      summary: 'Sign in',
      description: 'Rotates the session id (new cookie). Rate limited per client address and per e-mail. The same 401 for an unknown e-mail and a wrong password.',
      tags: ['accounts'],
      security: [{ csrf: [] }],
      requestBody: form({ type: 'object', required: ['username', 'password'], properties: { username: { type: 'string', format: 'email' }, password: { type: 'string' }, type } }),
      responses: {
        200: json('Signed in.', { type: 'object', properties: { username: { type: 'string' }, roles: { type: 'array', items: { type: 'string' } }, status: { type: 'string' }, redirect: { type: 'string' } } }),
        401: problem('"Nesprávne prihlasovacie údaje".'),
        429: problem('Too many attempts (Retry-After).'),
      },
    },
  },
  '/api/security/signup': {
    post: {
      summary: 'Sign up',
      description: 'Valid e-mail and mobile number ("Nesprávny formát"), password of at least 10 characters that is not a common one. Every account starts with ROLE_CONSUMER only.',
      tags: ['accounts'],
      security: [{ csrf: [] }],
      requestBody: form({
        type: 'object',
        required: ['username', 'password', 'phone'],
        properties: { username: { type: 'string', format: 'email' }, password: { type: 'string', minLength: 10 }, password2: { type: 'string', description: 'Optional; must equal password ("Musí sa zhodovať").' }, phone: { type: 'string' }, type },
      }),
      responses: {
        201: json('Created; sign in next.', { type: 'object', properties: { username: { type: 'string' }, status: { type: 'string' }, requested_type: { type: 'string' }, redirect: { type: 'string' } } }),
        400: problem('Per-field errors in `errors`.'),
        409: problem('An account with this e-mail exists.'),
        429: problem('Too many attempts.'),
      },
    },
  },
  '/api/favorite/product/{id}': {
    parameters: idParam('id'),
    post: { summary: 'Add a favourite product (or re-file it)', tags: ['favourites'], security: [{ csrf: [] }], requestBody: form({ type: 'object', properties: { category_name: { type: 'string', maxLength: 60 } } }), responses: { 201: json('Added.'), 404: problem('No such public product.'), ...signedIn } },
    delete: { summary: 'Remove a favourite product', tags: ['favourites'], security: [{ csrf: [] }], responses: { 204: { description: 'Removed (or was not one).' }, ...signedIn } },
    get: { summary: 'Is this product a favourite?', tags: ['favourites'], responses: { 200: json('State.', { type: 'object', properties: { product_id: { type: 'integer' }, favorite: { type: 'boolean' }, category_name: { type: ['string', 'null'] } } }), 401: problem('Not signed in.') } },
  },
  '/api/favorite/product': {
    put: {
      summary: 'Add many favourite products (the local-storage push after sign-in)',
      tags: ['favourites'],
      security: [{ csrf: [] }],
      requestBody: form({ type: 'object', properties: { product_ids: { description: 'JSON array of ids (or a JSON string of one in form data).' } } }),
      responses: { 200: json('All the user’s favourite product ids.'), ...signedIn },
    },
  },
  '/api/favorite/products': {
    post: {
      summary: 'Public data of products by id',
      description: 'Anonymous callers get public data for the given ids (visible products only). Signed-in callers without product_ids get their own favourites with category names.',
      tags: ['favourites'],
      security: [{ csrf: [] }],
      requestBody: form({ type: 'object', properties: { product_ids: { type: 'array', items: { type: 'integer' }, maxItems: 500 } } }),
      responses: { 200: json('Products in the order asked.', { type: 'array', items: productCard }) },
    },
  },
  '/api/favorite/blogs': {
    post: {
      summary: 'Public data of guides by id (ours, for the anonymous favourites page)',
      tags: ['favourites'],
      security: [{ csrf: [] }],
      requestBody: form({ type: 'object', properties: { blog_ids: { type: 'array', items: { type: 'integer' } } } }),
      responses: { 200: json('Guides.') },
    },
  },
  '/api/favorite/blog/{id}': {
    parameters: idParam('id'),
    put: { summary: 'Add a favourite guide', tags: ['favourites'], security: [{ csrf: [] }], responses: { 201: json('Added.'), 404: problem('No such guide.'), ...signedIn } },
    delete: { summary: 'Remove a favourite guide', tags: ['favourites'], security: [{ csrf: [] }], responses: { 204: { description: 'Removed.' }, ...signedIn } },
    get: { summary: 'Is this guide a favourite?', tags: ['favourites'], responses: { 200: json('State.'), 401: problem('Not signed in.') } },
  },
  '/api/favorite/remove-product-category': {
    post: {
      summary: 'Remove a category name',
      description: 'The products filed under it stay favourites, without a category.',
      tags: ['favourites'],
      security: [{ csrf: [] }],
      requestBody: form({ type: 'object', required: ['category_name'], properties: { category_name: { type: 'string' } } }),
      responses: { 200: json('Number of products updated.'), 400: problem('No name.'), ...signedIn },
    },
  },
  '/api/favorite/product-category': {
    get: { summary: 'The user’s favourite category names', tags: ['favourites'], responses: { 200: json('Names, sorted.', { type: 'array', items: { type: 'string' } }), 401: problem('Not signed in.') } },
  },
  '/api/clear': {
    post: {
      summary: 'Data wipe (/obnova)',
      description: 'The browser sends its local-storage entries before clearing them. Nothing is stored or logged.',
      tags: ['privacy'],
      security: [{ csrf: [] }],
      requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { localStorage: { type: 'string', description: 'JSON of all entries.' } } } } } },
      responses: { 204: { description: 'Done.' } },
    },
  },
};

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (description: string, schema: unknown) => ({ description, content: { 'application/json': { schema } } });
const form = (schema: unknown) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema }, 'application/json': { schema } },
});
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', required, properties });
const list = (items: unknown) => ({ type: 'array', items });

const guide = obj(
  {
    id: { type: 'integer' },
    title: { type: 'string' },
    slug: { type: 'string' },
    image: { type: ['string', 'null'], description: 'Image URL.' },
    short: { type: 'string', description: 'Sanitised HTML teaser.' },
    category: { type: 'string', description: 'Category slug.' },
    url: { type: 'string' },
    published_at: { type: 'string', format: 'date-time' },
    obtain_mode: { enum: ['free', 'points', 'purchase'] },
    obtain_price: { type: ['integer', 'null'], description: 'Points, or euro cents for a purchase.' },
  },
  ['id', 'title', 'slug', 'image', 'short', 'category'],
);
const guidePage = obj({ items: list(guide), total: { type: 'integer' } }, ['items', 'total']);
const filterCriteria = {
  description: 'JSON object (or its text in form data): attribute code → chosen option keys. Blogs offer one attribute, "kategoria" (child category slugs).',
  oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: list({ type: 'string' }) }],
};
const staticPost = obj({ id: { type: 'integer' }, title: { type: 'string' }, slug: { type: 'string' }, path: { type: 'string' } }, ['id', 'title', 'slug']);
const banner = obj(
  {
    id: { type: 'integer' },
    name: { type: 'string' },
    url: { type: 'string' },
    ecommerce: { type: ['object', 'null'], description: 'Analytics promotion data.' },
    size: { enum: ['mobile', 'pc'] },
    alt: { type: 'string' },
    file: obj({ path: { type: 'string' }, name: { type: 'string' } }, ['path', 'name']),
  },
  ['url', 'ecommerce', 'size', 'file'],
);
const overlay = obj(
  {
    id: { type: 'integer' },
    text: { type: 'string' },
    severity: { enum: ['info', 'success', 'warn', 'error'] },
    position: { enum: ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right'] },
    target: { type: ['string', 'null'], description: 'CSS selector of the element a popover points at; null = toast.' },
    show_delay: { type: 'integer', description: 'ms before showing (after the previous one in a sequence).' },
    hide_delay: { type: ['integer', 'null'], description: 'ms shown; null = 3000.' },
    sequence: { type: ['integer', 'null'], description: 'Order among sequenced messages; null = parallel.' },
    route: { type: 'string', description: 'Path prefix on whole segments; "/" = every page; a trailing "$" = that path only.' },
  },
  ['text', 'severity', 'position', 'target', 'show_delay', 'hide_delay', 'sequence'],
);
const bad = problem('Malformed input, with an error per field.');
const missing = problem('No such record in this shop.');
const size = { name: 'size', in: 'query', schema: { enum: ['mobile', 'pc'] } };
const tags = (tag: string) => ({ tags: [tag] });
const post = (summary: string, body: unknown, ok: unknown, extra: Record<string, unknown> = {}, tag = 'blog') => ({
  post: { summary, ...tags(tag), security: [{ csrf: [] }], requestBody: form(body), responses: { 200: ok, 400: bad, ...extra } },
});

/** Guides, static posts, banners and overlay messages (spec 7; docs/decisions/040–043). */
export const contentPaths: Record<string, unknown> = {
  '/api/blog': {
    get: {
      summary: 'List guides, newest first',
      ...tags('blog'),
      parameters: [
        { name: 'category', in: 'query', schema: { type: 'string' }, description: 'Blog category slug (its descendants included).' },
        { name: 'ids', in: 'query', schema: { type: 'string' }, description: 'Comma-separated ids; answers those guides in this order.' },
        { name: '_offset', in: 'query', schema: { type: 'integer', default: 0 } },
        { name: '_limit', in: 'query', schema: { type: 'integer', default: 12, maximum: 100 } },
      ],
      responses: { 200: json('Guides', guidePage), 400: bad, 404: problem('Unknown category.') },
    },
    ...post('Guides of a blog category, filtered', obj({ blog_id: { type: 'integer' }, filter_criteria: filterCriteria, _offset: { type: 'integer' }, _limit: { type: 'integer' } }), json('Guides', guidePage), { 404: problem('Unknown blog_id.') }),
  },
  '/api/blog/{id}': {
    get: { summary: 'One guide with its sanitised body', ...tags('blog'), parameters: [idParam], responses: { 200: json('Guide', { ...guide, properties: { ...guide.properties, body: { type: 'string' } } }), 404: missing } },
  },
  '/api/blog/filter': post(
    'Filter choices of a blog category (its child categories)',
    obj({ category_id: { type: 'integer' } }, ['category_id']),
    json('Attributes', obj({ attributes: list(obj({ code: { type: 'string' }, label: { type: 'string' }, options: { type: 'object', additionalProperties: { type: 'string' } }, counts: { type: 'object', additionalProperties: { type: 'integer' } } })) })),
    { 404: problem('Unknown category.') },
  ),
  '/api/blog/filter-count': post(
    'How many guides a filter matches',
    obj({ category: { oneOf: [{ type: 'integer' }, { type: 'string' }], description: 'Category id or slug.' }, filter: { type: 'string', description: 'Path form "kategoria:a,b", or JSON when _json is set.' }, _json: { type: 'string' } }, ['category']),
    json('Count', obj({ count: { type: 'integer' } }, ['count'])),
    { 404: problem('Unknown category.') },
  ),
  '/api/blog/by-category': post(
    'Look up a blog category by slug (spec: "lookup by category slug"; the first item is used)',
    obj({ category_slug: { type: 'string' } }, ['category_slug']),
    json('Zero or one category', list(obj({ id: { type: 'integer' }, name: { type: 'string' }, slug: { type: 'string' }, children: list({ type: 'object' }) }))),
  ),
  '/api/static-post': { get: { summary: 'Static posts of the current shop', ...tags('static-post'), responses: { 200: json('Posts', list(staticPost)) } } },
  '/api/static-posts': post('Static posts by ids or slugs', obj({ static_post_ids: { type: 'string' }, static_post_slugs: { type: 'string' } }), json('Posts', list(staticPost)), {}, 'static-post'),
  '/api/static-post/by-slug': post(
    'Look up a static post by slug (spec: "lookup by static post slug"; the first item is used)',
    obj({ static_post_slug: { type: 'string' } }, ['static_post_slug']),
    json('Zero or one post', list(staticPost)),
    {},
    'static-post',
  ),
  '/api/static-post/{id}': {
    get: { summary: 'One static post with its sanitised body', ...tags('static-post'), parameters: [idParam], responses: { 200: json('Post', { ...staticPost, properties: { ...staticPost.properties, body: { type: 'string' } } }), 404: missing } },
  },
  '/api/banner': {
    get: { summary: 'Banners of the current shop', ...tags('banner'), parameters: [size], responses: { 200: json('Banners', list(banner)), 400: bad } },
    ...post('Banners, filtered by form fields', obj({ size: { enum: ['mobile', 'pc'] }, banner_ids: { type: 'string' } }), json('Banners', list(banner)), {}, 'banner'),
  },
  '/api/banner/{id}': { get: { summary: 'One banner', ...tags('banner'), parameters: [idParam], responses: { 200: json('Banner', banner), 404: missing } } },
  '/api/banner/{id}/images': {
    get: {
      summary: 'Images of the banner’s campaign (banners sharing its name), one per size',
      ...tags('banner'),
      parameters: [idParam],
      responses: { 200: json('Images', list(obj({ size: { enum: ['mobile', 'pc'] }, path: { type: 'string' }, name: { type: 'string' }, alt: { type: 'string' } }))), 404: missing },
    },
  },
  '/api/overlay': {
    get: {
      summary: 'Overlay messages for the page named in X-Referrer-Route',
      ...tags('overlay'),
      parameters: [{ name: 'X-Referrer-Route', in: 'header', schema: { type: 'string', default: '/' }, description: 'Path of the page asking.' }],
      responses: { 200: json('Messages', list(overlay)), 400: bad },
    },
    ...post('Overlay messages, filtered', obj({ route: { type: 'string' }, severity: { type: 'string' }, targeted: { type: 'boolean' } }), json('Messages', list(overlay)), {}, 'overlay'),
  },
  '/api/overlay/{id}': { get: { summary: 'One overlay message', ...tags('overlay'), parameters: [idParam], responses: { 200: json('Message', overlay), 404: missing } } },
};

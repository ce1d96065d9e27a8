/** OpenAPI paths of claims (spec 3 "Claim type", "Claim"; spec 7 "Claim: get type; create"; issue 17). */
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (schema: unknown, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const str = { type: 'string' };

const claimType = {
  type: 'object',
  required: ['id', 'name', 'description', 'success', 'fail'],
  description: 'Spec 3 Claim type, its texts in the shopper’s language.',
  properties: {
    id: { type: 'integer', description: 'The value of `type` when creating a claim.' },
    name: str,
    description: str,
    success: { type: 'string', description: 'Shown after a claim of this type is accepted (the API’s `message`).' },
    fail: { type: 'string', description: 'Shown when a claim of this type is refused and the server gave no detail.' },
  },
};

const claimFields = {
  type: 'object',
  required: ['note', 'type'],
  description:
    'Spec 3 Claim. Either `purchase` (the order’s public hash, as on its tracking page) or `documentNumber` + `email` (the order’s e-mail, any case) identify the order; an unknown order and a wrong e-mail get the same 404.',
  properties: {
    purchase: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$', description: 'The order’s hash (tracking page, /moje/objednavky).' },
    documentNumber: { type: 'string', pattern: '^\\d{10}$', description: 'The order number or one of its invoice numbers; with `purchase` it defaults to the order number.' },
    email: { type: 'string', format: 'email', description: 'Required without `purchase`.' },
    note: { type: 'string', minLength: 1, maxLength: 2000, description: 'What happened; required.' },
    type: { type: 'integer', description: 'A claim type id from GET /api/claim/type.' },
    _submit: { type: 'string', description: 'Form token used as the idempotency key when no Idempotency-Key header is sent.' },
  },
};

const withPhotos = {
  ...claimFields,
  properties: {
    ...claimFields.properties,
    photos: {
      type: 'array',
      maxItems: 5,
      items: { type: 'string', format: 'binary' },
      description: 'Optional photos: JPEG, PNG or WebP by content, ≤ 5 MB each, ≤ 50 megapixels, nothing appended, no markup; re-encoded as JPEG without metadata.',
    },
  },
};

export const claimPaths = {
  '/api/claim/type': {
    get: {
      summary: 'The claim types a shopper may choose (spec 7 "Claim: get type").',
      responses: { 200: json({ type: 'array', items: claimType }) },
    },
  },
  '/api/claim': {
    post: {
      summary: 'File a claim (spec 7 "Claim: create"); idempotent per session and Idempotency-Key or _submit. The shopper gets a receipt mail, the operator a notice.',
      security: [{ csrf: [] }],
      parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 8, maxLength: 100 } }],
      requestBody: {
        content: {
          'multipart/form-data': { schema: withPhotos },
          'application/json': { schema: claimFields },
          'application/x-www-form-urlencoded': { schema: claimFields },
        },
      },
      responses: {
        201: json({ type: 'object', properties: { message: str, number: str, email: str } }, 'Filed: `message` is the type’s success text, `number` the claim number (R + 9 characters).'),
        200: json({ type: 'object', properties: { message: str, number: str, email: str } }, 'A replay of a submit already filed: the same claim.'),
        400: problem('A field or photo is wrong: `detail` is the type’s fail text, `errors` a message per field (note, type, documentNumber, email, photos).'),
        403: problem('Neither Fetch Metadata, Origin nor the CSRF token proves the request comes from the shop.'),
        404: problem('No order with this number and e-mail (or hash) in this shop.'),
        409: problem('The order was cancelled.'),
        413: problem('The body exceeds 26 MiB.'),
        415: problem('Not JSON or a form encoding.'),
        429: problem('Too many claims from this client address (CLAIM_LIMIT).'),
      },
    },
  },
};

/** OpenAPI paths of the saved addresses (spec 3 "Saved addresses", spec 7 getFavoriteAddress / getRecentAddress). */
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const entry = {
  oneOf: [
    {
      type: 'object',
      required: ['street', 'town', 'zip', 'country', 'first_name', 'last_name', 'company_name', 'company_number', 'company_vat'],
      properties: {
        street: { type: 'string' },
        town: { type: 'string' },
        zip: { type: 'string' },
        country: { type: 'object', properties: { code: { type: 'string', enum: ['sk', 'cz'] } } },
        first_name: { type: 'string' },
        last_name: { type: 'string' },
        company_name: { type: 'string' },
        company_number: { type: 'string' },
        company_vat: { type: 'string' },
      },
    },
    { type: 'null' },
  ],
};
const raw = { oneOf: [{ type: 'object', properties: { raw: { type: 'string' } } }, { type: 'null' }] };
const saved = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['delivery', 'invoice', 'phone', 'email'], properties: { delivery: entry, invoice: entry, phone: raw, email: raw } },
    },
  },
});

export const savedAddressPaths: Record<string, unknown> = {
  '/api/cart/address/favorite': {
    get: {
      summary: "The signed-in user's favourite addresses (getFavoriteAddress)",
      description: 'Saved on /moje/udaje; phone and e-mail are the account\'s. A part never saved is null.',
      tags: ['cart', 'account'],
      responses: { 200: saved('Own favourite delivery and invoice address, phone, e-mail.'), 401: problem('Not signed in.') },
    },
  },
  '/api/cart/address/recent': {
    get: {
      summary: "The delivery and invoice data of the signed-in user's latest order (getRecentAddress)",
      description: 'All four parts are null when the user has no order yet.',
      tags: ['cart', 'account'],
      responses: { 200: saved('Own latest order\'s data.'), 401: problem('Not signed in.') },
    },
  },
};

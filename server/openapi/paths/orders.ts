/** OpenAPI paths of orders (issue 4): submit, detail, list, tracker, VAT check, payment log. */
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (schema: unknown, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const money = { type: 'integer', description: 'Minor units (cents, haléře), VAT included.' };
const str = { type: 'string' };

const checkoutFields = {
  type: 'object',
  required: ['firstName', 'lastName', 'street', 'town', 'zip', 'country', 'contact', 'email', 'condition'],
  description: 'Spec 3 checkout form fields. Prices and totals are never read from the client.',
  properties: {
    companyName: str, companyNumber: str, companyVat: str, firstName: str, lastName: str,
    street: { type: 'string', description: 'Must contain a letter and a digit ("Musí obsahovať názov a čislo!").' },
    town: str, zip: str, country: { type: 'string', description: 'Country code: the shop’s own; sk or cz for ROLE_WHOLESALE.' },
    contact: { type: 'string', description: 'Phone.' }, email: str, invoiceNumber: str, invoiceVat: str, invoiceName: str,
    invoiceStreet: str, invoiceTown: str, invoiceZip: str, invoiceCountry: str, userNote: str,
    voucher: { type: 'string', description: 'Ignored: the voucher applied to the cart (POST /api/cart/voucher) is redeemed.' },
    condition: { type: 'boolean', description: 'Terms accepted; must be true.' }, consentHeureka: { type: 'boolean' },
    _submit: { type: 'string', description: 'Form token used as the idempotency key when no Idempotency-Key header is sent.' },
  },
};

const order = {
  type: 'object',
  description: 'Spec 3 Order (tracking): what the tracking page shows, nothing more.',
  properties: {
    id: str, hash: str, document_number: str, purchase_created_at: { type: 'string', format: 'date-time' },
    promise_send_date: { type: 'string', format: 'date' }, promise_delivery_date: { type: 'string', format: 'date' },
    old_status: { type: 'integer', description: '1 received, 2 sent, 3 delivered.' },
    delivery_type: { type: 'object', properties: { id: { type: 'integer' }, name: str } },
    payment_type: { type: 'object', properties: { id: { type: 'integer' }, name: str } },
    package: { type: ['object', 'null'] }, full_name: str, street: str, zip: str, town: str, country: { type: 'object', properties: { code: str } },
    contact: str, email: str, company_name: str, company_number: str, company_vat: str, invoice_name: str,
    invoice_company_number: { type: 'string', description: 'IČO on the invoice address: the invoice section’s, else company_number.' },
    invoice_company_vat: { type: 'string', description: 'IČ DPH on the invoice address, from the same pair as invoice_company_number.' },
    invoice_street: str,
    invoice_zip: str, invoice_town: str, invoice_country: str, invoice_contact: str, invoice_email: str, user_note: str,
    gift: { type: ['string', 'null'] }, items: { type: 'array', items: { type: 'object' } }, subtotal: money, price_shipping: money,
    price_payment: money, price_alignment: money, voucher_text: { type: ['string', 'null'] }, voucher_price: money,
    total_without_vat: money, vat: money, total: money, price_payed: money, currency: { type: 'object' },
  },
};

const hash = { name: 'hash', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' } };

export const orderPaths = {
  '/api/cart/submit': {
    post: {
      summary: 'Create the order from the session’s cart (one transaction; idempotent per Idempotency-Key or _submit).',
      security: [{ csrf: [] }],
      parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 8, maxLength: 100 } }],
      requestBody: { content: { 'application/json': { schema: checkoutFields }, 'application/x-www-form-urlencoded': { schema: checkoutFields } } },
      responses: {
        200: json({ type: 'object', properties: { data: { type: 'object', properties: { hash: str } } } }),
        400: problem('A field is invalid (errors per field).'),
        409: problem('Cart not ready, or a product is short: "Dostupné {count} ks".'),
      },
    },
  },
  '/api/cart/vat-check': {
    post: {
      summary: 'Checks a company VAT number: format (jsvat-next), then VIES; a VIES timeout answers "unverified".',
      security: [{ csrf: [] }],
      requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { companyVat: str } } } } },
      responses: { 200: json({ type: 'object', properties: { status: { enum: ['verified', 'invalid', 'format', 'unverified'] }, message: str } }) },
    },
  },
  '/api/purchase': {
    get: { summary: 'The signed-in user’s orders.', responses: { 200: json({ type: 'object', properties: { data: { type: 'array', items: order } } }), 401: problem('Not signed in.') } },
  },
  '/api/purchase/{hash}': {
    get: { summary: 'One order by its public hash (no-store).', parameters: [hash], responses: { 200: json({ type: 'object', properties: { data: order } }), 404: problem('Missing or foreign hash (same answer).') } },
  },
  '/api/purchase/track': {
    post: {
      summary: 'Finds an order by document number and phone; rate limited per address.',
      security: [{ csrf: [] }],
      requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['documentNumber', 'phone'], properties: { documentNumber: str, phone: str } } } } },
      responses: { 200: json({ type: 'object', properties: { order } }), 404: problem('No such pair.'), 429: problem('Too many attempts.') },
    },
  },
  '/api/payment/log': {
    post: {
      summary: 'Records the "payment" event: a QR payment with a bank was chosen.',
      security: [{ csrf: [] }],
      requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['hash'], properties: { hash: str, bank: str } } } } },
      responses: { 200: json({ type: 'object' }), 404: problem('Unknown order.') },
    },
  },
};

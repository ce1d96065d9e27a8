/** OpenAPI paths of the cart (issue 4). Money in minor units of the shop's currency, VAT included. */
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (schema: unknown, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const money = { type: 'integer', description: 'Minor units (cents, haléře).' };
const nullableMoney = { type: ['integer', 'null'], description: 'Minor units; null until carrier and payment are chosen.' };

const item = {
  type: 'object',
  description: 'Spec 3 Cart item.',
  properties: {
    id: { type: 'integer', description: 'The product id (one line per product).' },
    quantity: { type: 'integer', minimum: 1, maximum: 99 },
    price_active: { ...money, description: 'Unit price for the role: B2C, or B2B for ROLE_WHOLESALE.' },
    name: { type: 'string' },
    product: { type: 'object', properties: { id: { type: 'integer' }, image_medium: { type: ['string', 'null'] } } },
    image: { type: ['string', 'null'] },
    url: { type: 'string' },
    manufactured: { type: 'boolean' },
    product_quantity: { type: 'integer', description: 'Stock.' },
    product_cart_limit: { type: ['integer', 'null'] },
    line_total: money,
    excess: { type: 'boolean', description: 'Not manufactured and stock or cart limit below the quantity.' },
    available: { type: 'integer', description: 'min(stock, cart limit): the red badge.' },
    points: { type: 'integer', description: 'floor(line total in major units).' },
    purchasable: { type: 'boolean', description: 'False once visible ≠ 2: the line can only be removed.' },
  },
};
const pickupPoint = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    company_id: { type: 'integer' },
    name: { type: 'string' },
    location: { type: 'string' },
    address: { type: 'string' },
    street: { type: 'string' },
    zip: { type: 'string' },
    city: { type: 'string' },
    country: { type: 'string' },
  },
};
const gift = {
  type: 'object',
  description: 'Spec 3 Gift (value) with its picture and threshold.',
  properties: { id: { type: 'integer' }, value: { type: 'string' }, image: { type: ['string', 'null'] }, amount_min: money },
};
const giftMotivation = {
  type: 'object',
  description: 'Spec 3 Gift motivation: a gift above the subtotal.',
  properties: {
    amount_min: money,
    item: { type: 'object', properties: { image: { type: ['string', 'null'] }, value: { type: 'string' } } },
    progress: { type: 'integer', minimum: 0, maximum: 100, description: 'floor(100 × subtotal / amount_min).' },
  },
};
const cart = {
  type: 'object',
  properties: {
    items: { type: 'array', items: item },
    count: { type: 'integer' },
    subtotal: money,
    services: money,
    shipping_price: nullableMoney,
    payment_fee: { ...money, description: 'Cash on delivery: 40 Kč (CZK) or 1 € (other currencies); other payments free.' },
    alignment: { ...money, description: '"Centové dorovnanie": total − (subtotal + services + shipping + fee).' },
    total: { ...money, description: 'Rounded to the shop step (5 = 0.05 €, 100 = 1 Kč).' },
    points: { type: 'integer' },
    currency: { type: 'object', properties: { code: { type: 'string' }, symbol: { type: 'string' }, round: { type: 'integer' } } },
    shipping: { type: ['integer', 'null'], description: 'Chosen carrier (company id: 0, 1, 8, 9, 10, 14).' },
    payment: { type: ['integer', 'null'], description: 'Chosen payment (1, 2, 10, 20, 30).' },
    pickup_point: { oneOf: [pickupPoint, { type: 'null' }] },
    country: { type: 'string', enum: ['sk', 'cz'], description: "Delivery country: the shop's own unless a wholesale buyer chose the other one." },
    countries: { type: 'array', items: { type: 'string', enum: ['sk', 'cz'] }, description: 'Countries the role may pick.' },
    vat_rate: { type: 'integer', description: "The delivery country's standard VAT rate (sk 23, cz 21)." },
    vat: { ...money, description: 'VAT contained in the total before cash rounding, by the delivery country.' },
    gifts: { type: 'array', items: gift, description: 'Gifts the subtotal reached (amount_min ≤ subtotal), cheapest first.' },
    gift_motivations: { type: 'array', items: giftMotivation },
    shipping_options: { type: 'array', items: { type: 'object' } },
    payment_options: { type: 'array', items: { type: 'object' } },
    problems: { type: 'array', items: { type: 'string', enum: ['empty', 'excess', 'unavailable', 'shipping', 'payment', 'combination', 'pickup'] } },
    return_path: { type: 'string', description: 'Where "Späť do obchodu" leads: the page of the last add.' },
  },
};
const answer = json({
  type: 'object',
  description: 'The header summary (count, total = subtotal, totalFormatted) plus the whole cart view.',
  properties: { count: { type: 'integer' }, total: money, totalFormatted: { type: 'string' }, cart },
});
const body = (properties: Record<string, unknown>, required: string[]) => ({
  required: true,
  content: {
    'application/json': { schema: { type: 'object', properties, required } },
    'application/x-www-form-urlencoded': { schema: { type: 'object', properties, required } },
  },
});
const write = (summary: string, properties: Record<string, unknown>, required: string[], extra: Record<string, unknown> = {}) => ({
  post: {
    tags: ['cart'],
    summary,
    security: [{ csrf: [] }],
    requestBody: body(properties, required),
    responses: { 200: answer, 400: problem('Invalid input (per-field errors)'), 403: problem('Missing CSRF token'), ...extra },
  },
});
const id = { type: 'integer', minimum: 0 };

export const cartPaths: Record<string, unknown> = {
  '/api/cart': { get: { tags: ['cart'], summary: 'The cart view', responses: { 200: answer } } },
  '/api/cart/add': write(
    'Add pieces of a purchasable product (a line holds at most 99). Prices sent by the client are ignored.',
    { product_id: id, quantity: { type: 'integer', minimum: 1, maximum: 99, default: 1 }, return_to: { type: 'string', description: 'Local path for "Späť do obchodu"; else the Referer.' } },
    ['product_id'],
    { 404: problem('Unknown product') },
  ),
  '/api/cart/update': write('Set a line quantity; 0 removes the line.', { product_id: id, quantity: { type: 'integer', minimum: 0, maximum: 99 } }, ['product_id', 'quantity'], {
    404: problem('The product is not in the cart'),
  }),
  '/api/cart/delivery': write('Choose the carrier (company id). Clears the pickup point and a payment the carrier cannot take.', { id }, ['id'], {
    409: problem('Empty cart'),
  }),
  '/api/cart/payment': write('Choose the payment; it must go with the chosen carrier and the buyer country.', { id }, ['id'], { 409: problem('Empty cart') }),
  '/api/cart/pickup': write(
    'Choose a pickup point of Packeta (10) or SPS (14), or a post office (9); also chooses that carrier. A point of another carrier or country is refused.',
    { pickup_point_id: id, company_id: id },
    ['pickup_point_id', 'company_id'],
    { 409: problem('Empty cart') },
  ),
  '/api/cart/country': write(
    "Choose the delivery country: the shop's own for everyone, sk or cz for ROLE_WHOLESALE. VAT and shipping are recomputed; a carrier, payment or pickup point the new country does not have is cleared.",
    { country: { type: 'string', enum: ['sk', 'cz'] } },
    ['country'],
    { 403: problem('Missing CSRF token, or a country this role may not pick ("Túto krajinu doručenia si nemôžete vybrať")') },
  ),
  '/api/cart/gifts': {
    get: { tags: ['cart'], summary: "Gifts the cart's subtotal reached.", responses: { 200: json({ type: 'object', properties: { items: { type: 'array', items: gift } } }) } },
  },
  '/api/cart/gift-motivations': {
    get: {
      tags: ['cart'],
      summary: "Gifts above the cart's subtotal with the progress towards each (in the shop's currency).",
      responses: { 200: json({ type: 'object', properties: { items: { type: 'array', items: giftMotivation } } }) },
    },
  },
  '/api/cart/pickup-points': {
    get: {
      tags: ['cart'],
      summary: 'Search pickup points (Packeta 10, SPS 14) or post offices (9) in the delivery country by town, zip or name prefix (30 at most).',
      parameters: [
        { name: 'company_id', in: 'query', required: true, schema: id },
        { name: 'q', in: 'query', schema: { type: 'string', maxLength: 60 } },
      ],
      responses: { 200: json({ type: 'object', properties: { items: { type: 'array', items: pickupPoint } } }), 400: problem('Not a pickup carrier') },
    },
  },
  '/api/cart/status/{wholesale}': {
    get: {
      tags: ['cart'],
      summary: 'Whether the cart can go on to step 3, and the delivery countries the role may pick.',
      description: '`wholesale` is what the page believes (0/1/true/false); the session role decides.',
      parameters: [{ name: 'wholesale', in: 'path', required: true, schema: { type: 'string', enum: ['0', '1', 'true', 'false'] } }],
      responses: {
        200: json({
          type: 'object',
          properties: {
            wholesale: { type: 'boolean' },
            country: { type: 'string' },
            countries: { type: 'array', items: { type: 'string', enum: ['sk', 'cz'] } },
            currency: { type: 'object' },
            count: { type: 'integer' },
            subtotal: money,
            total: money,
            valid: { type: 'boolean' },
            problems: { type: 'array', items: { type: 'string' } },
          },
        }),
        400: problem('Bad flag'),
      },
    },
  },
};

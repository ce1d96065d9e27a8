import * as accounts from '../accounts/accounts.schemas';
import * as claims from '../claims/claims.schemas';
import * as cartOwner from '../cart/cart-owner.schemas';
import * as cart from '../cart/cart.schemas';
import * as orders from '../orders/orders.schemas';
import * as points from '../points/points.schemas';
import * as vouchers from '../vouchers/vouchers.schemas';
import { BAD_INPUT, FORM, NO_TOKEN, OK, op, SIGNED_OUT, type Operation } from './operation';

/** A shopper's own calls (spec 7): accounts, favourites, the cart, orders, points and vouchers. */
export const SHOPPER_OPERATIONS: Operation[] = [
  // session
  op('get', '/api/session', "What a page shared by anonymous visitors leaves out: the shopper's sign-in, name, roles, cart and CSRF token (never cached)", {
    tags: ['session'],
    responses: { 200: 'The same fields as the page defaults; a visitor without a session gets the anonymous answer and no cookie.' },
  }),
  // accounts
  op('post', '/api/security/signin', 'Sign in', {
    tags: ['accounts'],
    csrf: true,
    body: accounts.signInSchema,
    responses: { 200: 'Signed in.', 401: '"Nesprávne prihlasovacie údaje".', 429: 'Too many attempts (Retry-After).' },
    description: 'Rotates the session id (new cookie). Rate limited per client address and per e-mail. The same 401 for an unknown e-mail and a wrong password.',
  }),
  op('post', '/api/security/signup', 'Sign up', {
    tags: ['accounts'],
    csrf: true,
    body: accounts.signUpSchema,
    responses: { 201: 'Created; sign in next.', 400: 'Per-field errors in `errors`.', 409: 'An account with this e-mail exists.', 429: 'Too many attempts.' },
    description: 'Valid e-mail and mobile number ("Nesprávny formát"), password of at least 10 characters that is not a common one. Every account starts with ROLE_CONSUMER only.',
  }),
  // favourites
  op('post', '/api/favorite/product/{id}', 'Add a favourite product (or re-file it)', {
    tags: ['favourites'],
    csrf: true,
    body: FORM,
    responses: { 201: 'Added.', 401: SIGNED_OUT, 403: NO_TOKEN, 404: 'No such public product.' },
  }),
  op('delete', '/api/favorite/product/{id}', 'Remove a favourite product', { tags: ['favourites'], csrf: true, responses: { 204: 'Removed (or was not one).', 401: SIGNED_OUT, 403: NO_TOKEN } }),
  op('get', '/api/favorite/product/{id}', 'Is this product a favourite?', { tags: ['favourites'], responses: { 200: 'State.', 401: SIGNED_OUT } }),
  op('put', '/api/favorite/product', 'Add many favourite products (the local-storage push after sign-in)', {
    tags: ['favourites'],
    csrf: true,
    body: FORM,
    responses: { 200: 'All the user’s favourite product ids.', 401: SIGNED_OUT, 403: NO_TOKEN },
  }),
  op('post', '/api/favorite/products', 'Public data of products by id', {
    tags: ['favourites'],
    csrf: true,
    body: FORM,
    responses: { 200: 'Products in the order asked.' },
    description: 'Anonymous callers get public data for the given ids (visible products only). Signed-in callers without product_ids get their own favourites with category names.',
  }),
  op('post', '/api/favorite/blogs', 'Public data of guides by id (ours, for the anonymous favourites page)', { tags: ['favourites'], csrf: true, body: FORM, responses: { 200: 'Guides.' } }),
  op('put', '/api/favorite/blog/{id}', 'Add a favourite guide', { tags: ['favourites'], csrf: true, responses: { 201: 'Added.', 401: SIGNED_OUT, 403: NO_TOKEN, 404: 'No such guide.' } }),
  op('delete', '/api/favorite/blog/{id}', 'Remove a favourite guide', { tags: ['favourites'], csrf: true, responses: { 204: 'Removed.', 401: SIGNED_OUT, 403: NO_TOKEN } }),
  op('get', '/api/favorite/blog/{id}', 'Is this guide a favourite?', { tags: ['favourites'], responses: { 200: 'State.', 401: SIGNED_OUT } }),
  op('post', '/api/favorite/remove-product-category', 'Remove a category name', {
    tags: ['favourites'],
    csrf: true,
    body: FORM,
    responses: { 200: 'Number of products updated.', 400: 'No name.', 401: SIGNED_OUT, 403: NO_TOKEN },
    description: 'The products filed under it stay favourites, without a category.',
  }),
  op('get', '/api/favorite/product-category', 'The user’s favourite category names', { tags: ['favourites'], responses: { 200: 'Names, sorted.', 401: SIGNED_OUT } }),
  // privacy
  op('post', '/api/clear', 'Data wipe (/obnova)', {
    tags: ['privacy'],
    csrf: true,
    body: FORM,
    responses: { 204: 'Done.' },
    description: 'The browser sends its local-storage entries before clearing them. Nothing is stored or logged.',
  }),
  // cart
  op('get', '/api/cart', 'The cart view', { tags: ['cart'], responses: { 200: OK } }),
  op('post', '/api/cart/add', 'Add pieces of a purchasable product (a line holds at most 99). Prices sent by the client are ignored.', {
    tags: ['cart'],
    csrf: true,
    body: cart.addSchema,
    responses: { 200: OK, 400: BAD_INPUT, 403: NO_TOKEN, 404: 'Unknown product' },
  }),
  op('post', '/api/cart/update', 'Set a line quantity; 0 removes the line.', {
    tags: ['cart'],
    csrf: true,
    body: cart.updateSchema,
    responses: { 200: OK, 400: BAD_INPUT, 403: NO_TOKEN, 404: 'The product is not in the cart' },
  }),
  op('post', '/api/cart/delivery', 'Choose the carrier (company id). Clears the pickup point and a payment the carrier cannot take.', {
    tags: ['cart'],
    csrf: true,
    body: cart.deliverySchema,
    responses: { 200: OK, 400: BAD_INPUT, 403: NO_TOKEN, 409: 'Empty cart' },
  }),
  op('post', '/api/cart/payment', 'Choose the payment; it must go with the chosen carrier and the buyer country.', {
    tags: ['cart'],
    csrf: true,
    body: cart.paymentSchema,
    responses: { 200: OK, 400: BAD_INPUT, 403: NO_TOKEN, 409: 'Empty cart' },
  }),
  op('post', '/api/cart/pickup', 'Choose a pickup point of Packeta (10) or SPS (14), or a post office (9); also chooses that carrier. A point of another carrier or country is refused.', {
    tags: ['cart'],
    csrf: true,
    body: cart.pickupSchema,
    responses: { 200: OK, 400: BAD_INPUT, 403: NO_TOKEN, 409: 'Empty cart' },
  }),
  op('post', '/api/cart/country', "Choose the delivery country: the shop's own for everyone, sk or cz for ROLE_WHOLESALE. VAT and shipping are recomputed; a carrier, payment or pickup point the new country does not have is cleared.", {
    tags: ['cart'],
    csrf: true,
    body: cart.countrySchema,
    responses: { 200: OK, 400: BAD_INPUT, 403: 'Missing CSRF token, or a country this role may not pick ("Túto krajinu doručenia si nemôžete vybrať")' },
  }),
  op('get', '/api/cart/gifts', "Gifts the cart's subtotal reached.", { tags: ['cart'], responses: { 200: OK } }),
  op('get', '/api/cart/gift-motivations', "Gifts above the cart's subtotal with the progress towards each (in the shop's currency).", { tags: ['cart'], responses: { 200: OK } }),
  op('get', '/api/cart/pickup-points', 'Search pickup points (Packeta 10, SPS 14) or post offices (9) in the delivery country: words of the name, place, street, town or zip, with or without accents (30 at most; GET /api/pickup-points is the same search with positions).', {
    tags: ['cart'],
    query: cart.pickupSearchSchema,
    responses: { 200: OK, 400: 'Not a pickup carrier' },
  }),
  op('get', '/api/cart/status/{wholesale}', 'Whether the cart can go on to step 3, and the delivery countries the role may pick.', {
    tags: ['cart'],
    responses: { 200: OK, 400: 'Bad flag' },
    description: '`wholesale` is what the page believes (0/1/true/false); the session role decides.',
  }),
  // orders
  op('post', '/api/cart/submit', 'Create the order from the session’s cart (one transaction; idempotent per Idempotency-Key or _submit).', {
    tags: ['orders'],
    csrf: true,
    headers: ['Idempotency-Key'],
    body: FORM,
    responses: { 200: OK, 400: 'A field is invalid (errors per field).', 409: 'Cart not ready, or a product is short: "Dostupné {count} ks".' },
  }),
  op('post', '/api/cart/vat-check', 'Checks a company VAT number: format (jsvat-next), then VIES; a VIES timeout answers "unverified".', {
    tags: ['orders'],
    csrf: true,
    body: FORM,
    responses: { 200: OK },
  }),
  op('get', '/api/purchase', 'The signed-in user’s orders.', { tags: ['orders'], responses: { 200: OK, 401: SIGNED_OUT } }),
  op('get', '/api/purchase/{hash}', 'One order by its public hash (no-store).', { tags: ['orders'], responses: { 200: OK, 404: 'Missing or foreign hash (same answer).' } }),
  op('post', '/api/purchase/track', 'Finds an order by document number and phone; rate limited per address.', {
    tags: ['orders'],
    csrf: true,
    body: orders.trackSchema,
    responses: { 200: OK, 404: 'No such pair.', 429: 'Too many attempts.' },
  }),
  // claims (spec 3 "Claim type", "Claim"; spec 7 "Claim: get type; create")
  op('get', '/api/claim/type', 'The claim types a shopper may choose, their texts in the shopper’s language (id, name, description, success, fail).', { tags: ['claims'], responses: { 200: OK } }),
  op('post', '/api/claim', 'File a claim: `purchase` (the order’s hash) or `documentNumber` + `email` identify the order; optional photos (multipart, ≤ 5, JPEG/PNG/WebP by content, ≤ 5 MB each, re-encoded). Idempotent per session and Idempotency-Key or _submit; the shopper gets a receipt mail, the operator a notice.', {
    tags: ['claims'],
    csrf: true,
    body: claims.claimSchema,
    headers: ['Idempotency-Key'],
    responses: {
      201: 'Filed: `message` is the type’s success text, `number` the claim number.',
      200: 'A replay of a submit already filed: the same claim.',
      400: 'A field or photo is wrong: `detail` is the type’s fail text, `errors` a message per field.',
      403: NO_TOKEN,
      404: 'No order with this number and e-mail (or hash) in this shop.',
      409: 'The order was cancelled.',
      413: 'The body exceeds 26 MiB.',
      415: 'Not JSON or a form encoding.',
      429: 'Too many claims from this client address (CLAIM_LIMIT).',
    },
  }),
  op('post', '/api/payment/log', 'Records the "payment" event: a QR payment with a bank was chosen.', { tags: ['orders'], csrf: true, body: FORM, responses: { 200: OK, 404: 'Unknown order.' } }),
  // points
  op('get', '/api/consumer/point/count', 'Point balance', { tags: ['points'], responses: { 200: 'Balance (never negative).', 401: SIGNED_OUT } }),
  op('get', '/api/consumer/point/history', 'Point history, newest first', { tags: ['points'], query: points.historyQuerySchema, responses: { 200: 'One page of entries.', 401: SIGNED_OUT } }),
  op('get', '/api/consumer/point/items', 'Point items with whether this user can still claim them', { tags: ['points'], responses: { 200: 'Items.', 401: SIGNED_OUT } }),
  op('get', '/api/consumer/point/item/{id}', 'Point item detail (name, disabled)', { tags: ['points'], responses: { 200: 'Item.', 401: SIGNED_OUT, 404: 'No such item.' } }),
  op('get', '/api/consumer/point/{pointItemId}/buy', 'Claim a point item (spends its price)', {
    tags: ['points'],
    csrf: true,
    responses: { 200: 'Spent.', 401: SIGNED_OUT, 403: NO_TOKEN, 404: 'No such item.', 409: '"Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov", item disabled or already claimed.' },
    description: 'A GET because the spec says so, but it changes state: the x-csrf-token header is REQUIRED (403 without it), so a link, an image or a prefetch from another site cannot spend points. The spend re-checks the balance inside one immediate transaction.',
  }),
  // vouchers
  op('get', '/api/consumer/voucher', "The user's vouchers", { tags: ['vouchers'], responses: { 200: 'Not activated and activated.', 401: SIGNED_OUT } }),
  op('get', '/api/consumer/voucher/{id}', 'One own voucher', { tags: ['vouchers'], responses: { 200: 'Voucher.', 401: SIGNED_OUT, 404: "Missing or another user's." } }),
  op('get', '/api/consumer/voucher/code/{code}', 'One own voucher by code', { tags: ['vouchers'], responses: { 200: 'Voucher.', 401: SIGNED_OUT, 404: "Missing or another user's." } }),
  op('post', '/api/consumer/voucher/{id}/activate', 'Activate an own voucher ("Aktivoval si kupón")', {
    tags: ['vouchers'],
    csrf: true,
    responses: { 200: 'Activated (idempotent).', 401: SIGNED_OUT, 404: "Missing or another user's." },
  }),
  op('post', '/api/consumer/voucher/buy/{pointItemId}', 'Buy a voucher with points ("Získal si kupón")', {
    tags: ['vouchers'],
    csrf: true,
    responses: { 201: 'Bought; not yet activated.', 401: SIGNED_OUT, 404: 'No such item.', 409: '"Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov".' },
  }),
  // points
  op('post', '/api/consumer/blog/{id}/unlock', 'Obtain a guide for points (or a free one) — ours, docs/decisions/142', {
    tags: ['points'],
    csrf: true,
    body: FORM,
    responses: { 200: 'Obtained (or already had).', 401: SIGNED_OUT, 404: 'No such (visible) guide.', 409: '"Nedostatok bodov - Pre získanie kupónu nazbieraj viac bodov", or "Tento návod sa dá len kúpiť.".' },
    description: 'Spends obtain_price points in one immediate transaction (a point_item debit whose item_id is the guide id negated) and records the guide in the Návody tab. A guide already obtained answers 200 with unlocked: false and charges nothing. Purchase guides are sold outside the points (409).',
  }),
  // cart
  op('post', '/api/cart/voucher', 'Apply a voucher code to the cart (empty code removes it)', {
    tags: ['cart', 'vouchers'],
    csrf: true,
    body: vouchers.voucherCodeSchema,
    responses: { 200: 'Applied.', 400: 'Below the minimum order, not yet valid, expired or not activated.', 404: "Unknown code or another user's voucher.", 409: 'Already used, or the cart is empty.' },
    description: "The client's cart total is ignored; the server checks owner, activation, dates, single use and the minimum order against its own subtotal. Answers the applied voucher plus the whole cart view (discount and totals).",
  }),
  op('get', '/api/cart/address/favorite', "The signed-in user's favourite addresses (getFavoriteAddress)", {
    tags: ['cart', 'account'],
    responses: { 200: 'Own favourite delivery and invoice address, phone, e-mail.', 401: SIGNED_OUT },
    description: "Saved on /moje/udaje; phone and e-mail are the account's. A part never saved is null.",
  }),
  op('get', '/api/cart/address/recent', "The delivery and invoice data of the signed-in user's latest order (getRecentAddress)", {
    tags: ['cart', 'account'],
    responses: { 200: "Own latest order's data.", 401: SIGNED_OUT },
    description: 'All four parts are null when the user has no order yet.',
  }),
  op('post', '/api/cart/continue', 'Answer "Máte rozpracovaný košík z iného zariadenia. Chcete v ňom pokračovať?"', {
    tags: ['cart'],
    csrf: true,
    body: cartOwner.continueSchema,
    responses: { 200: '{ count, total, totalFormatted, cart }', 400: 'Unknown choice.', 401: SIGNED_OUT, 403: NO_TOKEN, 409: "That cart is no longer the user's other cart (answered elsewhere, or not theirs)." },
    description: 'continue: the other cart moves to this session and this one is deleted; merge: its lines are added here (a line at most 99), then it is deleted; keep: it is deleted. One transaction. Answers the cart like every cart call.',
  }),
];

import * as seller from '../sellers/seller-account.schemas';
import { sendNotificationSchema } from '../notifications/notifications.schemas';
import { BAD_INPUT, NO_TOKEN, OK, op, SIGNED_OUT, type Operation } from './operation';

const NOT_SELLER = 'Signed in without ROLE_SELLER.';

/** The seller's account area (issue 21; the spec leaves these paths out, docs/decisions/216). */
export const SELLER_OPERATIONS: Operation[] = [
  op('get', '/api/seller/profile', 'The signed-in seller’s shop data: id, slug, name, description, image (its address or null), locked (approved)', {
    tags: ['sellers'],
    responses: { 200: OK, 401: SIGNED_OUT, 403: NOT_SELLER },
  }),
  op('post', '/api/seller/profile', 'Save the shop data (multipart: name, description, optional image under 1 MB, checked by content and re-encoded as PNG)', {
    tags: ['sellers'],
    csrf: true,
    body: seller.sellerProfileSchema,
    responses: { 200: 'The saved shop data.', 400: BAD_INPUT, 401: SIGNED_OUT, 403: `${NOT_SELLER} ${NO_TOKEN}`, 409: '"Obchod je schválený. Už nemôžete robiť úpravy."' },
  }),
  op('get', '/api/seller/products', 'The seller’s products (id, name, description, price in cents, quantity in stock, imageUrl, visible, category.name), their total and the limit (10)', {
    tags: ['sellers'],
    responses: { 200: OK, 401: SIGNED_OUT, 403: NOT_SELLER },
  }),
  op('post', '/api/seller/products', 'Create a product (multipart: name, description, price in EUR as "12,50", quantity 0–100 000 pieces in stock, image ≤ 307 200 bytes); it waits for approval (visible 4)', {
    tags: ['sellers'],
    csrf: true,
    body: seller.sellerProductSchema,
    responses: { 201: 'Created: `id`.', 400: BAD_INPUT, 401: SIGNED_OUT, 403: `${NOT_SELLER} ${NO_TOKEN}`, 409: 'The seller has 10 products.' },
  }),
  op('post', '/api/seller/products/{id}', 'Update one of the seller’s products: everything while pending (4), only the price and the stock (quantity; left out = unchanged) otherwise; 0 and 1 cannot be edited', {
    tags: ['sellers'],
    csrf: true,
    body: seller.sellerProductSchema,
    responses: { 200: 'Saved: `id`.', 400: BAD_INPUT, 401: SIGNED_OUT, 403: `${NOT_SELLER} ${NO_TOKEN}`, 404: 'Not one of this seller’s products.', 409: 'Approved (price and stock only) or not editable.' },
  }),
  // Messages with the shop, every signed-in user's (spec 7 "Notification"; issue 21).
  op('get', '/api/consumer/notification/list', 'The user’s messages, newest first (at most 500): id, isSent, sentAt, title, text, seenAt', {
    tags: ['notifications'],
    responses: { 200: OK, 401: SIGNED_OUT },
  }),
  op('post', '/api/consumer/notification/send', 'Send a message to the shop: text and recipientId (always 1)', {
    tags: ['notifications'],
    csrf: true,
    body: sendNotificationSchema,
    responses: { 201: 'Sent: `id` and the toast `message`.', 400: `${BAD_INPUT} An empty text: "Vyplňte text správy".`, 401: SIGNED_OUT, 403: NO_TOKEN, 429: 'Over the day’s limit of messages.' },
  }),
  op('post', '/api/consumer/notification/mark-seen/{id}', 'Mark one of the user’s received messages read (no body); the first date stays', {
    tags: ['notifications'],
    csrf: true,
    responses: { 200: 'Read: `id` and the toast `message`.', 401: SIGNED_OUT, 403: NO_TOKEN, 404: 'Not a message this user received.' },
  }),
];

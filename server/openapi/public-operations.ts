import * as cart from '../cart/cart.schemas';
import * as catalog from '../catalog/catalog.schemas';
import * as content from '../content/content.schemas';
import * as embed from '../embed/embed.schemas';
import * as product from '../product/product.schemas';
import * as search from '../search/search.schemas';
import * as votes from '../votes/votes.schemas';
import * as streams from '../streams/streams.schemas';
import { BAD_INPUT, FORM, OK, op, type Operation } from './operation';

/** The catalogue, search, products and content calls (spec 7): what anyone may read. */
export const PUBLIC_OPERATIONS: Operation[] = [
  op('get', '/api/pickup-points', "Pickup points of Packeta (10) or SPS (14), or post offices (9), in a delivery country (the shop's own by default) with their positions: words of the name, place, street, town or zip in any case and with or without accents, nearest first to `near` (lat,lng); 50 at most. A shared answer for anonymous visitors.", {
    tags: ['cart'],
    query: cart.pickupPointsSchema,
    responses: { 200: OK, 400: 'Bad input or not a pickup carrier' },
  }),
  // catalog
  op('get', '/api/category', 'Root categories with their visible subtrees', { tags: ['catalog'], query: ['type'], responses: { 200: OK } }),
  op('get', '/api/category/{id}', 'One visible category with its subtree', { tags: ['catalog'], responses: { 200: OK, 404: 'No such visible category.' } }),
  op('post', '/api/categories', 'Look up categories (by slug, by ids, or the roots of a type); clients use the first item', {
    tags: ['catalog'],
    csrf: true,
    body: catalog.categoriesSchema,
    responses: { 200: OK, 400: BAD_INPUT },
  }),
  op('get', '/api/breadcrumb/{id}', 'Breadcrumb of a category, root first', { tags: ['catalog'], responses: { 200: OK, 404: 'No such visible category.' } }),
  op('get', '/api/product', 'Product list (the POST fields as query parameters)', {
    tags: ['catalog'],
    query: catalog.productListSchema,
    responses: { 200: OK, 400: BAD_INPUT, 404: 'Unknown category or parent product.' },
  }),
  op('post', '/api/product', 'Product list: by ids, variants of a parent, or a filtered category; 100 items when no _limit is given', {
    tags: ['catalog'],
    csrf: true,
    body: catalog.productListSchema,
    responses: { 200: OK, 400: BAD_INPUT, 404: 'Unknown category or parent product.' },
  }),
  op('post', '/api/product/availability', 'Stock and delivery time by product id (unknown or hidden ids are left out)', {
    tags: ['catalog'],
    csrf: true,
    body: catalog.availabilitySchema,
    responses: { 200: OK, 400: BAD_INPUT },
  }),
  op('post', '/api/product/filter', 'Filter choices of a product category', {
    tags: ['catalog'],
    csrf: true,
    body: catalog.filterSchema,
    responses: { 200: OK, 400: BAD_INPUT, 404: 'No such product category.' },
  }),
  op('get', '/api/product/filter-count', 'How many products of a category match a filter (what the filter widget asks)', {
    tags: ['catalog'],
    query: catalog.filterCountQuerySchema,
    responses: { 200: OK, 400: BAD_INPUT, 404: 'No such product category.' },
    description: "A read, so no CSRF token. The filter is written as in a category address: `attribute:key1,key2` groups joined by `;` and `price:min-max` in major units. Asked at its canonical address (attributes in the category's order, keys sorted, price last, as the category page writes it), an anonymous shopper's count may come from the shared page cache.",
  }),
  op('post', '/api/product/filter-count', 'How many products of a category match the criteria', {
    tags: ['catalog'],
    csrf: true,
    body: catalog.filterCountSchema,
    responses: { 200: OK, 400: BAD_INPUT, 404: 'No such product category.' },
  }),
  // search
  op('get', '/api/search', 'Search products by name, id or public code', {
    tags: ['search'],
    query: search.searchApiQuery,
    responses: { 200: 'One page of results', 400: 'Invalid page or limit' },
    description: 'Accent-insensitive full-text search over visible top-level products (the same search as the /hladaj page). A query that is a product id or public code (OB-000123) lists that product first. When nothing matches, unknown words are corrected against the index vocabulary and `corrected` holds the query used. Queries are cut to 200 characters (`truncated`).',
  }),
  // product
  op('get', '/api/product/{id}', 'One product', { tags: ['product'], responses: { 200: OK, 404: 'Unknown, hidden or malformed id' } }),
  op('get', '/api/product/{id}/images', 'Gallery images of a product', { tags: ['product'], responses: { 200: OK, 404: 'Unknown, hidden or malformed id' } }),
  // review
  op('get', '/api/review', 'Reviews of a product, newest first', { tags: ['review'], query: product.reviewQuerySchema, responses: { 200: OK, 400: BAD_INPUT, 404: 'Unknown or hidden product' } }),
  op('post', '/api/review', 'Reviews of a product (form variant of the GET)', {
    tags: ['review'],
    csrf: true,
    body: product.reviewQuerySchema,
    responses: { 200: OK, 400: BAD_INPUT, 404: 'Unknown or hidden product' },
  }),
  // video
  op('post', '/api/video/chapter', 'Chapters of a video, by product or by link', {
    tags: ['video'],
    csrf: true,
    body: product.videoChapterSchema,
    responses: { 200: OK, 400: 'The url yields no 11-character video id, or neither field was sent', 404: 'Unknown or hidden product' },
    description: 'With url: the chapters of that video (none when we do not hold it). With product_id: the first video of the product plus all of them in `videos`.',
  }),
  // blog
  op('get', '/api/blog', 'List guides, newest first', { tags: ['blog'], query: content.blogListQuery, responses: { 200: 'Guides', 400: BAD_INPUT, 404: 'Unknown category.' } }),
  op('post', '/api/blog', 'Guides of a blog category, filtered', { tags: ['blog'], csrf: true, body: content.blogSearchForm, responses: { 200: 'Guides', 400: BAD_INPUT, 404: 'Unknown blog_id.' } }),
  op('get', '/api/blog/{id}', 'One guide with its sanitised body', { tags: ['blog'], responses: { 200: 'Guide', 404: 'No such record in this shop.' } }),
  op('post', '/api/blog/filter', 'Filter choices of a blog category (its child categories)', {
    tags: ['blog'],
    csrf: true,
    body: content.blogFilterForm,
    responses: { 200: 'Attributes', 400: BAD_INPUT, 404: 'Unknown category.' },
  }),
  op('post', '/api/blog/filter-count', 'How many guides a filter matches', {
    tags: ['blog'],
    csrf: true,
    body: content.blogFilterCountForm,
    responses: { 200: 'Count', 400: BAD_INPUT, 404: 'Unknown category.' },
  }),
  op('post', '/api/blog/by-category', 'Look up a blog category by slug (spec: "lookup by category slug"; the first item is used)', {
    tags: ['blog'],
    csrf: true,
    body: content.blogByCategoryForm,
    responses: { 200: 'Zero or one category', 400: BAD_INPUT },
  }),
  // static-post
  op('get', '/api/static-post', 'Static posts of the current shop', { tags: ['static-post'], responses: { 200: 'Posts' } }),
  op('post', '/api/static-posts', 'Static posts by ids or slugs', { tags: ['static-post'], csrf: true, body: content.staticPostsForm, responses: { 200: 'Posts', 400: BAD_INPUT } }),
  op('post', '/api/static-post/by-slug', 'Look up a static post by slug (spec: "lookup by static post slug"; the first item is used)', {
    tags: ['static-post'],
    csrf: true,
    body: content.staticPostBySlugForm,
    responses: { 200: 'Zero or one post', 400: BAD_INPUT },
  }),
  op('get', '/api/static-post/{id}', 'One static post with its sanitised body', { tags: ['static-post'], responses: { 200: 'Post', 404: 'No such record in this shop.' } }),
  // banner
  op('get', '/api/banner', 'Banners of the current shop', { tags: ['banner'], query: content.bannerQuery, responses: { 200: 'Banners', 400: BAD_INPUT } }),
  op('post', '/api/banner', 'Banners, filtered by form fields', { tags: ['banner'], csrf: true, body: content.bannerForm, responses: { 200: 'Banners', 400: BAD_INPUT } }),
  op('get', '/api/banner/{id}', 'One banner', { tags: ['banner'], responses: { 200: 'Banner', 404: 'No such record in this shop.' } }),
  op('get', '/api/banner/{id}/images', 'Images of the banner’s campaign (banners sharing its name), one per size', {
    tags: ['banner'],
    responses: { 200: 'Images', 404: 'No such record in this shop.' },
  }),
  // overlay
  op('get', '/api/overlay', 'Overlay messages for the page named in X-Referrer-Route', { tags: ['overlay'], headers: ['X-Referrer-Route'], responses: { 200: 'Messages', 400: BAD_INPUT } }),
  op('post', '/api/overlay', 'Overlay messages, filtered', { tags: ['overlay'], csrf: true, body: content.overlayForm, responses: { 200: 'Messages', 400: BAD_INPUT } }),
  op('get', '/api/overlay/{id}', 'One overlay message', { tags: ['overlay'], responses: { 200: 'Message', 404: 'No such record in this shop.' } }),
  // embed
  op('get', '/api/embed/products', 'A partner carousel’s products in one answer: by ids (at most 48) or a category’s first ones', {
    tags: ['embed'],
    query: embed.embedProductsQuery,
    responses: { 200: 'The shop, locale, currency and the products (unknown, hidden or unsellable ids are left out)', 304: 'Not modified (If-None-Match)', 400: BAD_INPUT },
    description:
      'Public and read-only; no cookie is read. Prices are B2C in the shop’s currency (EUR for sk, CZK for cz), formatted for the locale; `url`, `image` and `cart_url` are absolute on that shop’s origin. Cacheable (`public, max-age=60`, ETag of the catalogue version). Pages of the origins in PARTNER_ORIGINS get `Access-Control-Allow-Origin` (no credentials); every answer says `Vary: Origin` and `Cross-Origin-Resource-Policy: cross-origin`.',
  }),
  // watchdog
  op('post', '/api/watchdog', 'Watch a product’s price and availability', {
    tags: ['watchdog'],
    csrf: true,
    body: FORM,
    responses: { 201: 'Saved. `id` is a random public id of the watch.', 400: 'Validation failed: `errors` maps available, available_value, price_value and email to messages in the shopper’s locale; `detail` is the first of them.', 403: 'Missing or wrong CSRF token, or a cross-site request.', 404: 'Unknown or hidden product, or no price in this shop.', 415: 'Neither JSON nor form data.', 429: 'Too many watches from this address; see Retry-After.' },
    description: 'Anyone may watch a product (no sign-in). At least one of available and price must be chosen. The watch is kept for the shop and locale of the request and fires once, by e-mail in that locale, when a chosen condition becomes true after a price or stock change. The same e-mail on the same product replaces its open watch. Rate limited per client address.',
  }),
  // vote
  op('get', '/api/vote/{id}', 'A poll with its choices and counts', {
    tags: ['vote'],
    responses: { 200: 'id (the public hash), name, description, count, sum, is_active and choices (id, name, sum)', 404: 'Unknown or malformed id' },
    description: '`count` is the number of confirmed ballots, `sum` the sum of the choices’ sums. Only confirmed ballots count.',
  }),
  op('post', '/api/vote/send', 'Vote: a pending ballot that counts once the mailed link confirms it', {
    tags: ['vote'],
    csrf: true,
    body: votes.voteSendSchema,
    responses: { 201: '`message`: the thanks, saying the vote counts only after the link sent by e-mail is confirmed.', 400: 'Validation failed: `errors` maps email and choice to messages.', 404: 'Unknown poll hash.', 403: 'The poll is closed.', 409: 'The address already voted in this poll: `detail` is “Tento email už hlasoval.” and `key` is vote.message.fail.', 429: 'Too many ballots from this address; see Retry-After.' },
    description: 'Anyone may vote (no sign-in). choice is the id of one of the poll’s choices. The e-mail is lower-cased and trimmed; one ballot per poll and address. The confirmation link (single use, valid 3 days) opens /hlasovanie/potvrdit/{token}, whose “Potvrdiť hlas” link counts the ballot; an expired pending ballot may be sent again. Rate limited per client address.',
  }),
  op('post', '/api/vote/chart', 'The chart rows of a poll: name and sum of each choice', {
    tags: ['vote'],
    csrf: true,
    body: votes.voteChartSchema,
    responses: { 200: 'A list of { name, sum }, in the poll’s order', 404: 'Unknown group' },
    description: 'group is the poll’s public hash.',
  }),
  // video stream (docs/decisions/242)
  op('get', '/api/video-stream/{id}', 'A live stream with its chapters and recent messages', {
    tags: ['video-stream'],
    responses: { 200: 'id, name, description, url, live, started_at, count_user (open event connections now), count_like, count_comment, chapters (id, stream, type, value, sort, timestamp) and messages (id, name, text, created_at; the last 50 shown)', 404: 'Unknown or malformed id' },
    description: 'Chapter types: 1 html, 2 image, 3 product ids, 4 blog ids, 5 category slugs, 6 static post slugs, 8 point items; lists are comma-separated.',
  }),
  op('get', '/api/video-stream/{id}/events', 'Server-Sent Events of a stream: message, hide and counts', {
    tags: ['video-stream'],
    responses: { 200: '`text/event-stream`: `message` (id = the message id; data id, name, text, created_at, count_comment), `hide` ({ id } the operator hid) and `counts` ({ count_user, count_like, count_comment }); a comment line every 15 s', 404: 'Unknown or malformed id' },
    description: 'A reconnect sends Last-Event-ID and gets the messages after it from the database; the first connection may pass ?after={message id} instead; without either the recent messages come first. Never cached (no-store, X-Accel-Buffering: no).',
  }),
  op('post', '/api/video-stream/message', 'Send a chat message (signed-in users)', {
    tags: ['video-stream'],
    csrf: true,
    body: streams.streamMessageSchema,
    responses: { 201: 'The stored message: id, name, text, created_at', 400: 'Validation failed: `errors` maps text and name to messages (text 1–500 characters, name up to 60).', 401: 'Not signed in.', 404: 'Unknown stream.', 429: 'Too many messages from this user (5 per 10 s); see Retry-After.' },
    description: 'The text is kept and shown as plain text (HTML is never interpreted). Pushed at once to every open event connection of the stream.',
  }),
  op('post', '/api/video-stream/like', 'Like a live stream (once per visit)', {
    tags: ['video-stream'],
    csrf: true,
    body: streams.streamCallSchema,
    responses: { 200: '{ liked, count_like }: liked is false when this visit (session) had liked already — nothing is counted twice', 404: 'Unknown stream.', 409: 'The stream is not live.' },
  }),
  op('post', '/api/video-stream/connect', 'Where to listen for a stream’s events, and its state now', {
    tags: ['video-stream'],
    csrf: true,
    body: streams.streamCallSchema,
    responses: { 200: 'The stream as GET /api/video-stream/{id} answers it (without messages), and `events`: the address of its Server-Sent Events', 404: 'Unknown stream.' },
  }),
];

/** OpenAPI path of the "continue a cart started on another device" answer (spec 4, docs/decisions/121). */
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

export const cartOwnerPaths: Record<string, unknown> = {
  '/api/cart/continue': {
    post: {
      summary: 'Answer "Máte rozpracovaný košík z iného zariadenia. Chcete v ňom pokračovať?"',
      description:
        'continue: the other cart moves to this session and this one is deleted; merge: its lines are added here (a line at most 99), then it is deleted; keep: it is deleted. One transaction. Answers the cart like every cart call.',
      tags: ['cart'],
      security: [{ csrf: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['cart_id', 'choice'],
              properties: { cart_id: { type: 'integer', description: 'The other cart from the page\'s question.' }, choice: { type: 'string', enum: ['continue', 'keep', 'merge'] } },
            },
          },
        },
      },
      responses: {
        200: { description: '{ count, total, totalFormatted, cart }', content: { 'application/json': { schema: { type: 'object' } } } },
        400: problem('Unknown choice.'),
        401: problem('Not signed in.'),
        403: problem('Missing or wrong CSRF token.'),
        409: problem('That cart is no longer the user\'s other cart (answered elsewhere, or not theirs).'),
      },
    },
  },
};

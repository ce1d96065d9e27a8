import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSchema } from '../../server/cart/cart.schemas';
import { productListSchema } from '../../server/catalog/catalog.schemas';
import { openApiDocument } from '../../server/openapi/openapi.api';
import { createTestShop, type TestShop } from '../setup/test-app';

/** The API description is made from the operations' zod schemas (server/openapi/), never by hand. */
let shop: TestShop;
beforeAll(() => {
  shop = createTestShop({ products: 0 });
});
afterAll(() => shop.close());

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> }; parameters: { name: string; in: string }[] }>> };
const doc = openApiDocument() as unknown as Doc;
const input = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

describe('/api/openapi.json', () => {
  it('documents every API route the app mounts', () => {
    const undocumented: string[] = [];
    for (const route of shop.app.routes) {
      if (!route.path.startsWith('/api/') || route.method === 'ALL' || route.path === '/api/openapi.json') continue;
      // Hono's `:id{[0-9]{1,10}}` is OpenAPI's `{id}`.
      const path = route.path.replace(/:(\w+)(\{(?:[^{}]|\{[^}]*\})*\})?/g, '{$1}');
      if (!doc.paths[path]?.[route.method.toLowerCase()]) undocumented.push(`${route.method} ${path}`);
    }
    expect(undocumented).toEqual([]);
  });

  it('describes request bodies and query strings with the very schemas the routes validate with', () => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      expect(doc.paths['/api/cart/add'].post.requestBody!.content[type].schema).toEqual(input(addSchema));
      expect(doc.paths['/api/product'].post.requestBody!.content[type].schema).toEqual(input(productListSchema));
    }
    const query = doc.paths['/api/product'].get.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect(query.sort()).toEqual(Object.keys((input(productListSchema) as { properties: object }).properties).sort());
    expect(doc.paths['/api/product/{id}'].get.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  });
});

import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env';
import { FORM, type Operation } from './operation';
import { PUBLIC_OPERATIONS } from './public-operations';
import { SELLER_OPERATIONS } from './seller-operations';
import { SHOPPER_OPERATIONS } from './shopper-operations';

const PROBLEM = { $ref: '#/components/schemas/Problem' };
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'];

/** A zod schema as the JSON Schema of what a client sends (coercions and defaults taken as input). */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function parameters(operation: Operation): object[] {
  const out: object[] = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const { query } = operation;
  if (Array.isArray(query)) out.push(...query.map((name) => ({ name, in: 'query', schema: { type: 'string' } })));
  else if (query) {
    const schema = jsonSchema(query) as { properties?: Record<string, object>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) out.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
  }
  for (const name of operation.headers ?? []) out.push({ name, in: 'header', schema: { type: 'string' } });
  return out;
}

function document(operation: Operation): object {
  const body = operation.body;
  const bodySchema = body === undefined ? undefined : body === FORM ? { type: 'object' } : jsonSchema(body);
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([status, description]) => [
      status,
      Number(status) >= 400 ? { description, content: { 'application/problem+json': { schema: PROBLEM } } } : { description },
    ]),
  );
  return {
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    ...(operation.csrf ? { security: [{ csrf: [] }] } : {}),
    parameters: parameters(operation),
    ...(bodySchema ? { requestBody: { required: true, content: Object.fromEntries(FORM_TYPES.map((type) => [type, { schema: bodySchema }])) } } : {}),
    responses,
  };
}

/** The API description, made from the operations (and their zod schemas), served as /api/openapi.json. */
export function openApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const operation of [...PUBLIC_OPERATIONS, ...SHOPPER_OPERATIONS, ...SELLER_OPERATIONS]) (paths[operation.path] ??= {})[operation.method] = document(operation);
  return {
    openapi: '3.1.0',
    info: { title: 'obchod API', version: '1.0.0', description: 'JSON API of the obchod shop. Errors are application/problem+json.' },
    components: {
      schemas: {
        Problem: {
          type: 'object',
          required: ['status', 'title', 'detail'],
          properties: {
            type: { type: 'string' },
            status: { type: 'integer' },
            title: { type: 'string' },
            detail: { type: 'string' },
            errors: { type: 'object', additionalProperties: { type: 'string' } },
            requestId: { type: 'string' },
          },
        },
      },
      securitySchemes: { csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' } },
    },
    paths,
  };
}

export function openApiRoutes() {
  const app = new Hono<AppEnv>();
  const body = JSON.stringify(openApiDocument());
  app.get('/api/openapi.json', (c) => c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' }));
  return app;
}

import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { accountPaths } from './paths/accounts';
import { cartPaths } from './paths/cart';
import { catalogPaths } from './paths/catalog';
import { claimPaths } from './paths/claims';
import { contentPaths } from './paths/content';
import { loyaltyPaths } from './paths/loyalty';
import { orderPaths } from './paths/orders';
import { productPaths } from './paths/product';
import { cartOwnerPaths } from './paths/cart-owner';
import { savedAddressPaths } from './paths/saved-address';
import { searchPaths } from './paths/search';
import { watchdogPaths } from './paths/watchdog';

/** The API description, assembled from one paths file per area and served as /api/openapi.json. */
export function openApiDocument() {
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
    paths: { ...catalogPaths, ...accountPaths, ...searchPaths, ...productPaths, ...contentPaths, ...watchdogPaths, ...cartPaths, ...orderPaths, ...loyaltyPaths, ...savedAddressPaths, ...cartOwnerPaths, ...claimPaths },
  };
}

export function openApiRoutes() {
  const app = new Hono<AppEnv>();
  const document = JSON.stringify(openApiDocument());
  app.get('/api/openapi.json', (c) => c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8' }));
  return app;
}

/** OpenAPI paths of this area (filled in with its routes). */
export const productPaths: Record<string, unknown> = {};

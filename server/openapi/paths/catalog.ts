/** OpenAPI paths of this area (filled in with its routes). */
export const catalogPaths: Record<string, unknown> = {};

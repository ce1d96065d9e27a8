/** OpenAPI paths of this area (filled in with its routes). */
export const contentPaths: Record<string, unknown> = {};

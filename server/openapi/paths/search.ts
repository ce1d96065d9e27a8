/** OpenAPI paths of this area (filled in with its routes). */
export const searchPaths: Record<string, unknown> = {};

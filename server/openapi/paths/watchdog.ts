/** OpenAPI paths of this area (filled in with its routes). */
export const watchdogPaths: Record<string, unknown> = {};

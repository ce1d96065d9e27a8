/**
 * Marks a Slovak source text for the catalogue where it is translated later, at the edge
 * (problem details, field errors, titles). lingui.config.ts extracts every msg('…') literal.
 */
export const msg = (id: string): string => id;

/** The product CSV's pages, under the catalogue section's prefix (server/admin/sections.ts: admins only). */
export const CSV_PATH = '/admin/produkty/csv';
export const IMPORT_PATH = `${CSV_PATH}/import`;

/** The import's upload: the one back-office body larger than 1 MiB (server/app.ts reads this). */
export const isCatalogueImport = (method: string, path: string) => method === 'POST' && path === IMPORT_PATH;

import type { Registry } from '../lib/registry';

/**
 * The back office's widgets (tag → code, when): a registry of their own, loaded by the back office's
 * entry only, so no shopper's page ever lists or downloads them. Later phases add their islands here.
 */
export const adminRegistry: Registry = {
  // The chart draws in the box its table holds; its code (and uPlot's) comes when the box is seen.
  'shop-admin-sales-chart': { load: () => import('../admin-sales-chart/admin-sales-chart.element'), when: 'visible' },
  // At once: the form must be live before the member types into it (a field in focus keeps its focus).
  'shop-admin-live-filter': { load: () => import('../admin-live-filter/admin-live-filter.element'), when: 'ready' },
  // The guide and page body's insert buttons and live preview (server/admin/content).
  'shop-admin-guide-editor': { load: () => import('../admin-guide-editor/admin-guide-editor.element'), when: 'ready' },
};

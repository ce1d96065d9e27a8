import type { Db } from '../db/client';
import { markShared } from '../render/gzip-splice';
import { catalogVersion } from './catalog-version';
import { Lru } from './lru';

/** ~13 KB each: at most ~6.5 MB. */
export const PANEL_CAPACITY = 500;

/**
 * The filter panel of category pages (templates/partials/category-filter-panel.eta: the choices
 * and criteria as JSON attributes, the no-JS form), ~13 KB that is the same on every page of one
 * category and filter for a shop, locale and price role. Kept as shared bytes and dropped exactly
 * like the card cache (decision 185), so a page rendered for one request only encodes what differs.
 */
export class PanelCache {
  private readonly panels = new Lru<Buffer>(PANEL_CAPACITY);
  private version = Number.NaN;

  constructor(private readonly db: Db) {}

  get(key: string, render: () => string): Buffer {
    const now = catalogVersion(this.db);
    if (now !== this.version || now === -1) {
      this.panels.clear();
      this.version = now;
    }
    let panel = this.panels.get(key);
    if (panel === undefined) {
      panel = markShared(Buffer.from(render()));
      this.panels.set(key, panel);
    }
    return panel;
  }

  invalidate(): void {
    this.panels.clear();
  }
}

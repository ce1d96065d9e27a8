import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { overlayMessages } from '../db/schema';
import { contentTextSql } from '../catalog/content-texts';
import { SOURCE_LOCALE, type Locale } from '../i18n/locales';

export const OVERLAY_SEVERITIES = ['info', 'success', 'warn', 'error'] as const;
export const OVERLAY_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'top', 'bottom', 'left', 'right'] as const;

/** The spec's Overlay message: text, severity, position, target, show_delay, hide_delay, sequence. */
export interface OverlayMessage {
  id: number;
  text: string;
  severity: (typeof OVERLAY_SEVERITIES)[number];
  position: (typeof OVERLAY_POSITIONS)[number];
  target: string | null;
  show_delay: number;
  hide_delay: number | null;
  sequence: number | null;
  route: string;
}

/** The columns, the text in `locale` with the Slovak one as fallback (docs/decisions/249). */
const columnsIn = (locale: Locale) => ({
  id: overlayMessages.id,
  text: contentTextSql('overlay', 'text', overlayMessages.id, overlayMessages.text, locale),
  severity: overlayMessages.severity,
  position: overlayMessages.position,
  target: overlayMessages.target,
  show_delay: overlayMessages.showDelay,
  hide_delay: overlayMessages.hideDelay,
  sequence: overlayMessages.sequence,
  route: overlayMessages.route,
});

const ofShop = (shopId: number) => and(eq(overlayMessages.visible, true), or(eq(overlayMessages.shopId, shopId), isNull(overlayMessages.shopId)));

/**
 * Does a message's route cover the page? A route is a path prefix matched on whole segments ("/"
 * covers every page, "/navody-inspiracie" covers the guides but not "/navody-inspiracie-x"); a
 * route ending in "$" matches that one path only ("/$" = the home page) (docs/decisions/043).
 */
export function routeMatches(route: string, path: string): boolean {
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (route.endsWith('$')) {
    const exact = route.slice(0, -1);
    return page === (exact.length > 1 ? exact.replace(/\/+$/, '') : exact);
  }
  const prefix = route.length > 1 ? route.replace(/\/+$/, '') : route;
  if (prefix === '/') return true;
  return page === prefix || page.startsWith(`${prefix}/`);
}

export interface OverlayFilter {
  route?: string;
  severity?: OverlayMessage['severity'];
  /** true: only popovers on an element; false: only toasts. */
  targeted?: boolean;
}

/** Messages for a page of the shop, sequenced ones first in their order, then the parallel ones. */
export function listOverlays(db: Db, shopId: number, locale: Locale = SOURCE_LOCALE, filter: OverlayFilter = {}): OverlayMessage[] {
  const conditions = [ofShop(shopId)];
  if (filter.severity) conditions.push(eq(overlayMessages.severity, filter.severity));
  const rows = db.select(columnsIn(locale)).from(overlayMessages).where(and(...conditions)).orderBy(asc(overlayMessages.sequence), asc(overlayMessages.id)).all();
  return rows.filter(
    (m) =>
      (filter.route === undefined || routeMatches(m.route, filter.route)) &&
      (filter.targeted === undefined || (m.target !== null) === filter.targeted),
  );
}

export function overlayById(db: Db, shopId: number, id: number, locale: Locale = SOURCE_LOCALE): OverlayMessage | null {
  return db.select(columnsIn(locale)).from(overlayMessages).where(and(ofShop(shopId), eq(overlayMessages.id, id))).get() ?? null;
}

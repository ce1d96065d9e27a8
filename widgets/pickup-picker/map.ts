import { circleMarker, latLngBounds, map as leafletMap, tileLayer, type CircleMarker, type Map as LeafletMap } from 'leaflet/dist/leaflet-src.esm.js';
import type { PickupPlace } from '../../server/cart/pickup.service';
import type { MapSettings } from './map-settings';

export interface PickupMap {
  /** Draws these points (those with a position) and fits the view to them; the chosen one stands out. */
  show(points: PickupPlace[], chosenId: number | null): void;
  destroy(): void;
}

/** The map's stylesheet, once per page, waited for so Leaflet measures a laid-out box. */
function loadCss(href: string): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>('link[data-pickup-map]');
  if (existing) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.pickupMap = '';
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  document.head.append(link);
  return loaded;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Leaflet 1.9 over the configured tile server (MAP_TILE_URL, the only image origin the CSP adds);
 * points are vector circle markers (no marker images to fetch); a click on one focuses its line in
 * the list, where the shopper chooses (the list is the keyboard's way).
 */
export async function createPickupMap(container: HTMLElement, settings: MapSettings, onMarker: (pointId: number) => void): Promise<PickupMap> {
  await loadCss(settings.css);
  const map: LeafletMap = leafletMap(container, { zoomControl: true, attributionControl: true }).setView([48.7, 19.5], 7);
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  // The operator's attribution is shown as text: Leaflet would insert it as HTML.
  tileLayer(settings.url, { attribution: escapeHtml(settings.attribution), maxZoom: 19 }).addTo(map);
  let markers: CircleMarker[] = [];
  return {
    show(points, chosenId) {
      for (const marker of markers) marker.remove();
      const placed = points.filter((p): p is PickupPlace & { latitude: number; longitude: number } => p.latitude !== null && p.longitude !== null);
      markers = placed.map((p) =>
        circleMarker([p.latitude, p.longitude], { radius: p.id === chosenId ? 10 : 7, className: p.id === chosenId ? 'pickup-map__marker pickup-map__marker--chosen' : 'pickup-map__marker' })
          .bindTooltip(escapeHtml(p.name))
          .on('click', () => onMarker(p.id))
          .addTo(map),
      );
      if (placed.length > 0) map.fitBounds(latLngBounds(placed.map((p) => [p.latitude, p.longitude])), { padding: [24, 24], maxZoom: 15 });
    },
    destroy() {
      map.remove();
    },
  };
}

/** The tile server of the pickup dialog's map, from the page's #pickup-map block (MAP_TILE_URL); null = no map. */
export interface MapSettings {
  url: string;
  attribution: string;
  /** The map stylesheet (Leaflet's), fetched with the map. */
  css: string;
}

export function mapSettings(): MapSettings | null {
  const block = typeof document === 'undefined' ? null : document.getElementById('pickup-map');
  if (!block?.textContent) return null;
  try {
    const value = JSON.parse(block.textContent) as Partial<MapSettings>;
    const css = block.getAttribute('data-css') ?? '';
    return typeof value.url === 'string' && value.url && css ? { url: value.url, attribution: typeof value.attribution === 'string' ? value.attribution : '', css } : null;
  } catch {
    return null;
  }
}

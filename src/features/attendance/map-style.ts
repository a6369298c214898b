import type { StyleSpecification } from 'maplibre-gl';

/** OpenStreetMap raster tiles (cached by the service worker's tile route): the default background. */
export const OSM_RASTER_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    osm: {
      type: 'raster',
      tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
      tileSize: 256,
      maxzoom: 19,
      attribution: '© OpenStreetMap',
    },
  },
  // The grey background stays visible when tiles cannot load (offline), under the two markers.
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#e5e7eb' } },
    { id: 'osm', type: 'raster', source: 'osm' },
  ],
};

/**
 * spec part 2 point 7: "the attendance map loads background tiles from a tile service". The service is
 * configurable at build time with VITE_MAP_STYLE_URL (a MapLibre style URL, e.g. a self-hosted or
 * commercial provider); without it, OpenStreetMap's raster tiles.
 */
export function mapStyle(): string | StyleSpecification {
  const url: unknown = import.meta.env['VITE_MAP_STYLE_URL'];
  return typeof url === 'string' && url.trim() !== '' ? url.trim() : OSM_RASTER_STYLE;
}

/** External link for one point (spec part 2 point 7: "external links use latitude and longitude"). */
export function externalMapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
}

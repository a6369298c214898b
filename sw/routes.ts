/** URL tests of the service worker's runtime caches, kept apart so unit tests can import them. */

/** Well-known raster and vector tile hosts (OpenStreetMap, OpenFreeMap, MapTiler, CARTO, Stadia, Esri). */
const TILE_HOSTS = [
  /(^|\.)tile\.openstreetmap\.org$/,
  /(^|\.)tile\.openstreetmap\.fr$/,
  /(^|\.)tiles\.openfreemap\.org$/,
  /(^|\.)api\.maptiler\.com$/,
  /(^|\.)basemaps\.cartocdn\.com$/,
  /(^|\.)tiles\.stadiamaps\.com$/,
  /(^|\.)arcgisonline\.com$/,
];
/** `/{z}/{x}/{y}` with an image or vector tile extension (optionally @2x), on any host. */
const TILE_PATH = /\/\d{1,2}\/\d+\/\d+(@\dx)?\.(png|jpe?g|webp|pbf|mvt)$/i;
const FONT_FILE = /\.(woff2?|ttf|otf)$/i;

export function isTileRequest(url: URL, destination: string, extraTileHost: string): boolean {
  if (url.pathname.startsWith('/api/')) return false;
  if (extraTileHost !== '' && url.hostname === extraTileHost) return true;
  if (TILE_HOSTS.some((host) => host.test(url.hostname))) return destination !== 'document';
  return TILE_PATH.test(url.pathname);
}

/** Font files from Google Fonts or any host; same-origin fonts of the build are already precached. */
export function isFontRequest(url: URL, destination: string, ownOrigin: string): boolean {
  if (url.pathname.startsWith('/api/')) return false;
  if (url.hostname === 'fonts.gstatic.com') return true;
  if (url.origin === ownOrigin) return false;
  return destination === 'font' || FONT_FILE.test(url.pathname);
}

/** A file of the build (hashed name under /assets/) on this origin: safe to serve from a cache forever. */
export function isBuildAsset(url: URL, ownOrigin: string): boolean {
  return url.origin === ownOrigin && url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname);
}

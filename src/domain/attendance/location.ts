import type { GeoPosition } from '../planning/planning-log';

// spec part 2 point 5 and 9: position with high accuracy, no cache, 10-second time-out.
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  maximumAge: 0,
  timeout: GEOLOCATION_TIMEOUT_MS,
} as const;
// spec part 2 point 9: attendance map zoom 16, max 19, height 320 px; coordinates shown with 5 decimals.
export const MAP_ZOOM = 16;
export const MAP_MAX_ZOOM = 19;
export const MAP_HEIGHT_PX = 320;
export const COORDINATE_DECIMALS = 5;
/** Mean Earth radius (IUGG), enough for distances of a few kilometres. */
export const EARTH_RADIUS_M = 6_371_008.8;
/**
 * Above 100 m of reported accuracy a position cannot tell one building from the next: satellite fixes are
 * usually under 20 m and Wi-Fi positioning indoors 20-50 m, while 100 m and more means cell-tower or IP
 * positioning. A campus radius is typically 100-300 m, so such a fix says little about presence.
 */
export const IMPRECISE_ACCURACY_M = 100;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** An institute's reference position and radius (beyond the spec, set in the settings). */
export interface ReferenceZone extends LatLng {
  radiusM: number;
}

/** 'outside-zone' ("hors zone") and 'imprecise' ("position imprécise"): hints for review, never blocking. */
export type LocationFlag = 'outside-zone' | 'imprecise';

/** Great-circle distance in metres (haversine formula). */
export function haversineDistanceM(a: LatLng, b: LatLng): number {
  const rad = (deg: number): number => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Location trust (beyond the spec: a position alone does not prove presence). 'outside-zone' only when even the nearest point of the
 * accuracy circle is beyond the radius (distance - accuracy > radius), so an imprecise fix is never
 * called outside when it may be inside. 'imprecise' when the accuracy exceeds IMPRECISE_ACCURACY_M.
 * An unknown accuracy counts as 0 for the zone and raises no 'imprecise' flag.
 */
export function locationFlags(position: GeoPosition | null, zone: ReferenceZone | null): LocationFlag[] {
  if (!position) return [];
  const flags: LocationFlag[] = [];
  const accuracy = position.accuracy ?? 0;
  if (zone && haversineDistanceM(position, zone) - accuracy > zone.radiusM) flags.push('outside-zone');
  if (position.accuracy !== null && position.accuracy > IMPRECISE_ACCURACY_M) flags.push('imprecise');
  return flags;
}

/** The position stored in a log, or null when the log has none. */
export function positionOfLog(log: {
  latitude?: number | null;
  longitude?: number | null;
  accuracy?: number | null;
}): GeoPosition | null {
  if (typeof log.latitude !== 'number' || typeof log.longitude !== 'number') return null;
  return { latitude: log.latitude, longitude: log.longitude, accuracy: log.accuracy ?? null };
}

import { GEOLOCATION_OPTIONS } from '../../domain/attendance/location';
import type { GeoPosition } from '../../domain/planning/planning-log';

/** The part of navigator.geolocation the capture uses, so tests can pass a fake. */
export type GeolocationLike = Pick<Geolocation, 'getCurrentPosition'>;

function deviceGeolocation(): GeolocationLike | null {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null;
}

/**
 * spec part 2 point 5: the position of a check-in or check-out, asked with high accuracy, no cache and a
 * 10-second time-out. Refused, unavailable or timed out: null, silently (spec part 2 point 8), so the action
 * proceeds without position. The extra timer covers browsers that never call back when the prompt is ignored.
 */
export function captureCheckPosition(
  geolocation: GeolocationLike | null = deviceGeolocation(),
): Promise<GeoPosition | null> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (position: GeoPosition | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      resolve(position);
    };
    const guard = setTimeout(() => finish(null), GEOLOCATION_OPTIONS.timeout + 1_000);
    try {
      geolocation.getCurrentPosition(
        (p) =>
          finish({
            latitude: p.coords.latitude,
            longitude: p.coords.longitude,
            accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
          }),
        () => finish(null),
        GEOLOCATION_OPTIONS,
      );
    } catch {
      finish(null);
    }
  });
}

/**
 * Beyond the spec (location trust): an institute may carry a reference position and a radius; a
 * check-in farther than the radius is flagged for review, never blocked.
 */
export interface InstituteZone {
  latitude: number;
  longitude: number;
  radiusM: number;
}

export const ZONE_RADIUS_MIN_M = 10;
export const ZONE_RADIUS_MAX_M = 50_000;

export type ZoneIssue = 'zone-incomplete' | 'latitude-invalid' | 'longitude-invalid' | 'radius-invalid';

export interface ZoneInput {
  latitude: string;
  longitude: string;
  radiusM: string;
}

function number(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
}

/** All three empty: no zone. All three valid: a zone. Anything in between: an issue code. */
export function parseInstituteZone(
  input: ZoneInput,
): { ok: true; value: InstituteZone | null } | { ok: false; issue: ZoneIssue } {
  const filled = [input.latitude, input.longitude, input.radiusM].filter((t) => t.trim() !== '').length;
  if (filled === 0) return { ok: true, value: null };
  if (filled < 3) return { ok: false, issue: 'zone-incomplete' };
  const latitude = number(input.latitude);
  if (latitude === null || latitude < -90 || latitude > 90) return { ok: false, issue: 'latitude-invalid' };
  const longitude = number(input.longitude);
  if (longitude === null || longitude < -180 || longitude > 180)
    return { ok: false, issue: 'longitude-invalid' };
  const radiusM = number(input.radiusM);
  if (
    radiusM === null ||
    !Number.isInteger(radiusM) ||
    radiusM < ZONE_RADIUS_MIN_M ||
    radiusM > ZONE_RADIUS_MAX_M
  ) {
    return { ok: false, issue: 'radius-invalid' };
  }
  return { ok: true, value: { latitude, longitude, radiusM } };
}

export function zoneInputOf(record: {
  latitude?: unknown;
  longitude?: unknown;
  radiusM?: unknown;
}): ZoneInput {
  const text = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
  return {
    latitude: text(record.latitude),
    longitude: text(record.longitude),
    radiusM: text(record.radiusM),
  };
}

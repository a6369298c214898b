import {
  haversineDistanceM,
  locationFlags,
  type LocationFlag,
  type ReferenceZone,
} from '../../domain/attendance/location';
import type { GeoPosition } from '../../domain/planning/planning-log';
import type { Institute } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';

const t = fr.attendance;

/**
 * The institute's reference position and radius (beyond the spec: optional fields latitude, longitude,
 * radiusM kept by the loose institute schema). Null when any is missing or unusable.
 */
export function zoneOfInstitute(institute: Institute | undefined): ReferenceZone | null {
  if (!institute) return null;
  const { latitude, longitude, radiusM } = institute as Record<string, unknown>;
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || typeof radiusM !== 'number')
    return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || !(radiusM > 0)) return null;
  return { latitude, longitude, radiusM };
}

/** Flags of the arrival and departure positions together, each once. */
export function rowFlags(
  positions: readonly (GeoPosition | null)[],
  zone: ReferenceZone | null,
): LocationFlag[] {
  const flags = new Set<LocationFlag>();
  for (const p of positions) for (const f of locationFlags(p, zone)) flags.add(f);
  return [...flags];
}

/** "hors zone" / "position imprécise": amber hints for a human, never a refusal. */
export function LocationFlagPills({
  position,
  positions,
  zone,
}: {
  position?: GeoPosition | null;
  positions?: readonly (GeoPosition | null)[];
  zone: ReferenceZone | null;
}) {
  const list = positions ?? [position ?? null];
  const flags = rowFlags(list, zone);
  if (flags.length === 0) return null;
  const hint = (flag: LocationFlag): string => {
    const p = list.find((x) => x && locationFlags(x, zone).includes(flag));
    if (!p) return '';
    if (flag === 'imprecise') return t.impreciseHint(Math.round(p.accuracy ?? 0));
    return zone ? t.outsideZoneHint(Math.round(haversineDistanceM(p, zone)), zone.radiusM) : '';
  };
  return (
    <>
      {flags.map((f) => (
        <span key={f} className="pill attendance-flag" title={hint(f)}>
          {f === 'outside-zone' ? t.outsideZone : t.imprecise}
        </span>
      ))}
    </>
  );
}

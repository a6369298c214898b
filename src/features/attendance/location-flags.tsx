import {
  haversineDistanceM,
  locationFlags,
  type LocationFlag,
  type ReferenceZone,
} from '../../domain/attendance/location';
import { trustFlags, type EffectiveLog, type TrustFlag } from '../../domain/attendance/trust';
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

/** 'YYYY-MM-DDTHH:MM…' -> 'HH:MM' (UTC, as every time of the product). */
function clock(iso: string): string {
  return iso.slice(11, 16);
}

/** 'YYYY-MM-DDTHH:MM…' -> 'DD/MM/YYYY HH:MM'. */
function stamp(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}

/**
 * "horloge décalée" / "tardive" (trusted time, beyond the spec) and "corrigé", beside the location flags;
 * each says in its title what was recorded and what the server saw.
 */
export function TrustFlagPills({
  checkin,
  checkout,
}: {
  checkin: EffectiveLog | null;
  checkout: EffectiveLog | null;
}) {
  const all: { kind: string; log: EffectiveLog | null }[] = [
    { kind: t.arrival, log: checkin },
    { kind: t.departure, log: checkout },
  ];
  const entries = all.filter((e): e is { kind: string; log: EffectiveLog } => e.log !== null);
  const hints: Record<TrustFlag, string[]> = {
    'clock-skew': [],
    'late-receipt': [],
    'device-handover': [],
    'kiosk-offline': [],
  };
  const corrections: string[] = [];
  for (const { kind, log } of entries) {
    const recorded = log.originalTimestamp ?? log.timestamp;
    for (const flag of trustFlags(log)) {
      hints[flag].push(
        flag === 'clock-skew'
          ? t.clockSkewHint(kind, stamp(log.deviceTimestamp ?? ''), stamp(recorded))
          : flag === 'late-receipt'
            ? t.lateReceiptHint(kind, stamp(log.receivedAt ?? ''))
            : flag === 'device-handover'
              ? t.deviceHandoverHint(kind)
              : t.kioskOfflineHint(kind),
      );
    }
    if (log.correction)
      corrections.push(
        t.correctedHint(
          kind,
          clock(recorded),
          clock(log.timestamp),
          log.correction.reason ?? '',
          log.correction.actorUserName ?? '',
        ),
      );
  }
  return (
    <>
      {hints['clock-skew'].length > 0 ? (
        <span className="pill attendance-flag" title={hints['clock-skew'].join('\n')}>
          {t.clockSkew}
        </span>
      ) : null}
      {hints['late-receipt'].length > 0 ? (
        <span className="pill attendance-flag" title={hints['late-receipt'].join('\n')}>
          {t.lateReceipt}
        </span>
      ) : null}
      {hints['device-handover'].length > 0 ? (
        <span className="pill attendance-flag" title={hints['device-handover'].join('\n')}>
          {t.deviceHandover}
        </span>
      ) : null}
      {hints['kiosk-offline'].length > 0 ? (
        <span className="pill attendance-flag" title={hints['kiosk-offline'].join('\n')}>
          {t.kioskOffline}
        </span>
      ) : null}
      {corrections.length > 0 ? (
        <span className="pill attendance-corrected" title={corrections.join('\n')}>
          {t.corrected}
        </span>
      ) : null}
    </>
  );
}

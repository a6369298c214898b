import { lazy, Suspense } from 'react';
import { Button } from 'react-aria-components';
import { COORDINATE_DECIMALS, type ReferenceZone } from '../../domain/attendance/location';
import type { GeoPosition } from '../../domain/planning/planning-log';
import { withFrenchDates } from '../../domain/time/french-date';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { LocationFlagPills } from './location-flags';
import { externalMapUrl } from './map-style';

const t = fr.attendance;
// The map component, and maplibre-gl behind it, load only when a location dialog opens.
const LocationMap = lazy(async () => ({ default: (await import('./location-map')).LocationMap }));

export interface LocationTarget {
  title: string;
  arrival: GeoPosition | null;
  departure: GeoPosition | null;
  zone: ReferenceZone | null;
}

function PointBlock({
  kind,
  position,
  zone,
}: {
  kind: 'arrival' | 'departure';
  position: GeoPosition | null;
  zone: ReferenceZone | null;
}) {
  const label = kind === 'arrival' ? t.arrival : t.departure;
  return (
    <section className={`attendance-point ${kind}`} aria-label={label}>
      <h3>
        <span className={`attendance-dot ${kind}`} aria-hidden="true" />
        {label} <LocationFlagPills position={position} zone={zone} />
      </h3>
      {position ? (
        <>
          <dl className="attendance-coords">
            <dt>{t.latitude}</dt>
            <dd>{position.latitude.toFixed(COORDINATE_DECIMALS)}</dd>
            <dt>{t.longitude}</dt>
            <dd>{position.longitude.toFixed(COORDINATE_DECIMALS)}</dd>
            <dt>{t.accuracy}</dt>
            <dd>
              {position.accuracy === null ? t.unknownAccuracy : t.metres(Math.round(position.accuracy))}
            </dd>
          </dl>
          <a
            href={externalMapUrl(position.latitude, position.longitude)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {kind === 'arrival' ? t.openArrival : t.openDeparture}
          </a>
        </>
      ) : (
        <p className="count-line">{t.noPosition}</p>
      )}
    </section>
  );
}

/** 'Localisation d'émargement' (spec part 2 point 2): both points, 5 decimals, accuracy, map, links. */
export function LocationDialog({ target, onClose }: { target: LocationTarget | null; onClose: () => void }) {
  return (
    <AppDialog
      isOpen={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t.locationTitle}
    >
      {target ? (
        <>
          <p className="count-line">{withFrenchDates(target.title)}</p>
          <div className="attendance-points">
            <PointBlock kind="arrival" position={target.arrival} zone={target.zone} />
            <PointBlock kind="departure" position={target.departure} zone={target.zone} />
          </div>
          <Suspense fallback={<p className="count-line">{t.mapLoading}</p>}>
            <LocationMap arrival={target.arrival} departure={target.departure} />
          </Suspense>
          <div className="dialog-actions">
            <Button className="button secondary" onPress={onClose}>
              {t.close}
            </Button>
          </div>
        </>
      ) : null}
    </AppDialog>
  );
}

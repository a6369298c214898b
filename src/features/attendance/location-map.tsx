import { useEffect, useRef, useState } from 'react';
import { MAP_HEIGHT_PX, MAP_MAX_ZOOM, MAP_ZOOM } from '../../domain/attendance/location';
import type { GeoPosition } from '../../domain/planning/planning-log';
import { fr } from '../../i18n/fr';
import { mapStyle } from './map-style';

const t = fr.attendance;
// Arrival blue, departure red (spec part 2 point 2).
const ARRIVAL_COLOR = '#2563eb';
const DEPARTURE_COLOR = '#dc2626';

type MapState = 'loading' | 'ready' | 'no-tiles' | 'unavailable';

/**
 * The map of the location dialog. maplibre-gl (and its CSS) is imported only here, when the dialog opens,
 * so it never weighs on the first bundle. Markers are DOM elements: they stay visible on the grey
 * background when tiles cannot load, and the dialog keeps its coordinates and links when WebGL is missing.
 */
export function LocationMap({
  arrival,
  departure,
}: {
  arrival: GeoPosition | null;
  departure: GeoPosition | null;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('loading');
  const key = JSON.stringify([arrival, departure]);

  useEffect(() => {
    let disposed = false;
    let remove: (() => void) | null = null;
    const points = [
      arrival ? { p: arrival, color: ARRIVAL_COLOR, label: t.arrival } : null,
      departure ? { p: departure, color: DEPARTURE_COLOR, label: t.departure } : null,
    ].filter((x) => x !== null);
    const first = points[0];
    if (!first) return;
    void (async () => {
      try {
        const [maplibre] = await Promise.all([
          import('maplibre-gl'),
          import('maplibre-gl/dist/maplibre-gl.css'),
        ]);
        if (disposed || !container.current) return;
        const map = new maplibre.Map({
          container: container.current,
          style: mapStyle(),
          center: [first.p.longitude, first.p.latitude],
          zoom: MAP_ZOOM,
          maxZoom: MAP_MAX_ZOOM,
          attributionControl: { compact: true },
        });
        remove = () => map.remove();
        for (const { p, color, label } of points) {
          new maplibre.Marker({ color })
            .setLngLat([p.longitude, p.latitude])
            .addTo(map)
            .getElement()
            .setAttribute('aria-label', label);
        }
        if (points.length === 2) {
          const bounds = new maplibre.LngLatBounds();
          for (const { p } of points) bounds.extend([p.longitude, p.latitude]);
          map.fitBounds(bounds, { padding: 60, maxZoom: MAP_ZOOM, duration: 0 });
        }
        map.on('error', () => {
          if (!disposed) setState('no-tiles');
        });
        map.on('load', () => {
          if (!disposed) setState((s) => (s === 'loading' ? 'ready' : s));
        });
      } catch {
        if (!disposed) setState('unavailable'); // no WebGL, or the chunk could not be fetched offline
      }
    })();
    return () => {
      disposed = true;
      remove?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the positions are compared by value (key)
  }, [key]);

  if (!arrival && !departure) return null;
  return (
    <div className="attendance-map-wrap">
      <div
        ref={container}
        className="attendance-map"
        style={{ height: MAP_HEIGHT_PX }}
        role="img"
        aria-label={t.mapLabel}
        data-state={state}
      />
      <p className="attendance-map-legend">
        <span className="attendance-dot arrival" aria-hidden="true" /> {t.legendArrival}
        <span className="attendance-dot departure" aria-hidden="true" /> {t.legendDeparture}
      </p>
      {state === 'loading' ? <p className="count-line">{t.mapLoading}</p> : null}
      {state === 'no-tiles' || state === 'unavailable' ? (
        <p className="count-line" role="status">
          {t.mapUnavailable}
        </p>
      ) : null}
    </div>
  );
}

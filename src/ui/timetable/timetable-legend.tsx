/**
 * TimetableLegend: the colour legend of a timetable coloured by module or by teacher (20 rotating colours,
 * spec part 2 point 9). Props: title, entries [{ key, label, color }] from buildSlotDisplayItems.
 */
import type { LegendEntry } from '../../domain/planning/slot-display';

interface Props {
  title: string;
  entries: readonly LegendEntry[];
}

export function TimetableLegend({ title, entries }: Props) {
  if (entries.length === 0) return null;
  return (
    <div className="tt-legend" role="group" aria-label={title}>
      {entries.map((e) => (
        <span key={e.key} className="tt-legend-entry">
          <span className="tt-swatch" style={{ background: e.color }} aria-hidden="true" />
          {e.label}
        </span>
      ))}
    </div>
  );
}

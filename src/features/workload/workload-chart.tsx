import { formatDuration } from '../../domain/format/duration';
import { fr } from '../../i18n/fr';
import { chartScale, type ChartBar } from './workload-period';

const LABEL_W = 150;
const BAR_W = 320;
const VALUE_W = 70;
const ROW_H = 34;
const BAR_H = 11;

/**
 * Beyond the spec: planned against real per teacher at a glance. Plain SVG; screen readers get one summary
 * sentence (role="img"), the table below carries the same numbers.
 */
export function WorkloadChart({ bars }: { bars: readonly ChartBar[] }) {
  const t = fr.workload;
  const scale = chartScale(bars, BAR_W);
  const height = bars.length * ROW_H + 24;
  const summary = t.chartSummary(
    bars.map((b) => t.chartItem(b.label, formatDuration(b.plannedMin), formatDuration(b.realMin))),
  );
  return (
    <figure className="workload-chart">
      <figcaption>
        {t.chartTitle}
        <span className="workload-legend">
          <span className="workload-swatch planned" aria-hidden="true" /> {t.chartLegendPlanned}
          <span className="workload-swatch real" aria-hidden="true" /> {t.chartLegendReal}
        </span>
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${LABEL_W + BAR_W + VALUE_W} ${height}`}
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        {bars.map((b, i) => {
          const y = i * ROW_H + 4;
          return (
            <g key={`${b.label}-${i}`} aria-hidden="true">
              <text x={LABEL_W - 8} y={y + BAR_H + 4} textAnchor="end" className="workload-chart-label">
                {b.label.length > 20 ? `${b.label.slice(0, 19)}…` : b.label}
              </text>
              <rect x={LABEL_W} y={y} width={scale(b.plannedMin)} height={BAR_H} className="bar-planned" />
              <rect
                x={LABEL_W}
                y={y + BAR_H + 2}
                width={scale(b.realMin)}
                height={BAR_H}
                className={b.isRealAbovePlanned ? 'bar-real over' : 'bar-real'}
              />
              <text x={LABEL_W + scale(b.plannedMin) + 4} y={y + BAR_H - 1} className="workload-chart-value">
                {formatDuration(b.plannedMin)}
              </text>
              <text x={LABEL_W + scale(b.realMin) + 4} y={y + 2 * BAR_H + 1} className="workload-chart-value">
                {formatDuration(b.realMin)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

import { useRef } from 'react';
import type { CSSProperties } from 'react';
import type { ImportPeriod } from '../../../domain/planning/import-form';
import type { ColorBy, ImportPreviewRow } from '../../../domain/planning/import-timetables';
import type { DeliveryMode } from '../../../domain/store/schema';
import { frenchDate } from '../../../domain/time/french-date';
import { fr } from '../../../i18n/fr';
import { useTableRows } from './use-table-rows';

interface Props {
  rows: readonly ImportPreviewRow[];
  period: ImportPeriod;
  colors: ReadonlyMap<string, string>;
  colorBy: ColorBy;
  deliveryModes: ReadonlyMap<string, DeliveryMode>;
  onDeliveryChange: (slotKey: string, mode: DeliveryMode) => void;
}

/** Estimated row height; each drawn row is measured (a long module name wraps). */
const ROW_ESTIMATE_PX = 44;
/** The CSS max-height of .import-preview-scroll (24rem). */
const VIEWPORT_PX = 384;

/**
 * Table view of the parsed timetable: one row per course with its room and week, coloured by module or
 * teacher, a delivery type select per saved slot (spec part 2 point 2); skipped courses stay visible,
 * marked. Thousands of rows (a 120-class workbook) stay smooth: only the visible rows are drawn.
 */
export function PreviewTable({ rows, period, colors, colorBy, deliveryModes, onDeliveryChange }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const win = useTableRows(scroller, rows.length, ROW_ESTIMATE_PX, VIEWPORT_PX);
  const t = fr.planning.timetable;
  const v = fr.planning.import.verify;
  const w = fr.importVerify;
  if (rows.length === 0) return <p className="empty">{v.noRow}</p>;
  const periodWeek =
    period.periodicity === 'week' && period.weekStartDate
      ? w.weekOf(frenchDate(period.weekStartDate))
      : w.monthOf(period.month, period.year);
  return (
    <div className="table-scroll import-preview-scroll" ref={scroller}>
      <table className="data import-preview-table" aria-label={v.preview} aria-rowcount={rows.length + 1}>
        <thead>
          <tr>
            <th scope="col">{t.colClass}</th>
            <th scope="col">{w.colWeek}</th>
            <th scope="col">{t.colDay}</th>
            <th scope="col">{t.colTime}</th>
            <th scope="col">{t.colModule}</th>
            <th scope="col">{t.colTeacher}</th>
            <th scope="col">{w.colRoom}</th>
            <th scope="col">{v.colType}</th>
          </tr>
        </thead>
        <tbody>
          {win.padTop > 0 ? <tr aria-hidden="true" style={{ height: win.padTop }} /> : null}
          {win.items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            const color = colors.get(colorBy === 'module' ? row.moduleName : row.teacherName);
            const slotKey = row.slotKey;
            const what = `${row.moduleName}, ${row.className}, ${t.days[row.dayOfWeek - 1] ?? ''} ${row.startTime}`;
            return (
              <tr
                key={row.key}
                ref={win.measure}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className="import-preview-row"
                data-skipped={slotKey === null || undefined}
                style={{ '--import-color': color } as CSSProperties}
              >
                <td>{row.className}</td>
                <td className="nowrap">
                  {row.weekStartDate !== null ? w.weekOf(frenchDate(row.weekStartDate)) : periodWeek}
                </td>
                <td>{t.days[row.dayOfWeek - 1]}</td>
                <td className="nowrap">{t.timeRange(row.startTime, row.endTime)}</td>
                <td>
                  <span className="import-swatch" aria-hidden="true" />
                  {row.moduleName}
                </td>
                <td>{row.teacherName}</td>
                <td>{row.room}</td>
                <td>
                  {slotKey === null ? (
                    <span
                      className="pill red"
                      title={row.skipReason ? v.skipReasons[row.skipReason] : undefined}
                    >
                      {v.skippedBadge}
                      {row.skipReason ? ` · ${v.skipReasons[row.skipReason]}` : ''}
                    </span>
                  ) : (
                    <select
                      className="import-type-select"
                      aria-label={v.typeOf(what)}
                      value={deliveryModes.get(slotKey) ?? 'presentiel'}
                      onChange={(e) => onDeliveryChange(slotKey, e.target.value as DeliveryMode)}
                    >
                      <option value="presentiel">{t.delivery.presentiel}</option>
                      <option value="en-ligne">{t.delivery['en-ligne']}</option>
                    </select>
                  )}
                </td>
              </tr>
            );
          })}
          {win.padBottom > 0 ? <tr aria-hidden="true" style={{ height: win.padBottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
}

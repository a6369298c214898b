import { useRef } from 'react';
import type { CSSProperties } from 'react';
import type { ColorBy, ImportPreviewRow } from '../../../domain/planning/import-timetables';
import type { DeliveryMode } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { useVirtualRows } from '../../../ui/use-virtual-rows';

interface Props {
  rows: readonly ImportPreviewRow[];
  colors: ReadonlyMap<string, string>;
  colorBy: ColorBy;
  deliveryModes: ReadonlyMap<string, DeliveryMode>;
  onDeliveryChange: (slotKey: string, mode: DeliveryMode) => void;
}

const ROW_HEIGHT_PX = 44;

/**
 * Table view of the parsed timetable: one row per course, coloured by module or teacher, a delivery type
 * select per saved slot (spec part 2 point 2); skipped courses stay visible, marked. Thousands of rows
 * (a 120-class workbook) stay smooth: only the visible rows are drawn.
 */
export function PreviewTable({ rows, colors, colorBy, deliveryModes, onDeliveryChange }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const win = useVirtualRows(scroller, rows.length, ROW_HEIGHT_PX);
  const t = fr.planning.timetable;
  const v = fr.planning.import.verify;
  if (rows.length === 0) return <p className="empty">{v.noRow}</p>;
  return (
    <div className="table-scroll import-preview-scroll" ref={scroller}>
      <table className="data import-preview-table" aria-label={v.preview} aria-rowcount={rows.length + 1}>
        <thead>
          <tr>
            <th scope="col">{t.colClass}</th>
            <th scope="col">{t.colDay}</th>
            <th scope="col">{t.colTime}</th>
            <th scope="col">{t.colModule}</th>
            <th scope="col">{t.colTeacher}</th>
            <th scope="col">{v.colType}</th>
          </tr>
        </thead>
        <tbody>
          {win.padTop > 0 ? <tr aria-hidden="true" style={{ height: win.padTop }} /> : null}
          {rows.slice(win.start, win.end).map((row, i) => {
            const color = colors.get(colorBy === 'module' ? row.moduleName : row.teacherName);
            const slotKey = row.slotKey;
            const what = `${row.moduleName}, ${row.className}, ${t.days[row.dayOfWeek - 1] ?? ''} ${row.startTime}`;
            return (
              <tr
                key={row.key}
                aria-rowindex={win.start + i + 2}
                className="import-preview-row"
                data-skipped={slotKey === null || undefined}
                style={{ height: ROW_HEIGHT_PX, '--import-color': color } as CSSProperties}
              >
                <td>{row.className}</td>
                <td>{t.days[row.dayOfWeek - 1]}</td>
                <td className="nowrap">{t.timeRange(row.startTime, row.endTime)}</td>
                <td>
                  <span className="import-swatch" aria-hidden="true" />
                  {row.moduleName}
                </td>
                <td>{row.teacherName}</td>
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

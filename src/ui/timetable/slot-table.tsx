/**
 * SlotTable: the table view of a timetable, one row per dated slot (day, time, class, module, teacher,
 * type, status). The module cell holds the slot's button; canceled rows are struck through and greyed.
 *
 * Props: items (SlotDisplayItem), onSlotPress, label (accessible name of the table).
 */
import { Button } from 'react-aria-components';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { fr } from '../../i18n/fr';
import { dayWithDate, deliveryLabel, slotAriaLabel, slotStatusLabel, timeRangeLabel } from './slot-labels';

interface Props {
  items: readonly SlotDisplayItem[];
  onSlotPress?: (item: SlotDisplayItem) => void;
  label?: string;
}

export function SlotTable({ items, onSlotPress, label }: Props) {
  const t = fr.planning.timetable;
  const rows = [...items].sort(
    (a, b) =>
      a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.key.localeCompare(b.key),
  );
  return (
    <div className="table-scroll">
      <table className="data tt-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t.colDay}</th>
            <th scope="col">{t.colTime}</th>
            <th scope="col">{t.colClass}</th>
            <th scope="col">{t.colModule}</th>
            <th scope="col">{t.colTeacher}</th>
            <th scope="col">{t.colType}</th>
            <th scope="col">{t.colStatus}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={item.key} className="tt-row" data-canceled={item.canceled || undefined}>
              <td>{dayWithDate(item.date)}</td>
              <td>{timeRangeLabel(item)}</td>
              <td>{item.className}</td>
              <td>
                <span className="tt-swatch" style={{ background: item.color }} aria-hidden="true" />
                <Button
                  className="link-button tt-row-button"
                  aria-label={slotAriaLabel(item)}
                  onPress={() => onSlotPress?.(item)}
                >
                  {item.moduleName}
                </Button>
              </td>
              <td>{item.teacherName}</td>
              <td>
                <span className={`tt-badge tt-mode tt-mode-${item.deliveryMode}`}>{deliveryLabel(item)}</span>
              </td>
              <td>
                <span className="tt-badge tt-status" data-status={item.status ?? 'canceled'}>
                  {slotStatusLabel(item)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Button } from 'react-aria-components';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { fr } from '../../i18n/fr';
import { deliveryLabel, timeRangeLabel } from '../../ui/timetable';
import type { CheckAvailability } from './check-gates';
import { statusLabel, SubstitutionMark } from './substitution-mark';
import type { CheckKind } from './use-check-action';
import { frSubstitute } from '../../i18n/fr-substitute';

const t = fr.teacher.today;
export const STATUS_PILL = {
  'not-started': 'pill',
  late: 'pill red',
  'in-progress': 'pill blue',
  finished: 'pill green',
  missed: 'pill red',
};

/** One course of the day: time, class, module, type, status, and Arrivée / Départ (spec part 2 point 2). */
export function TodayRow({
  item,
  availability,
  isBusy,
  onCheck,
}: {
  item: SlotDisplayItem;
  availability: CheckAvailability;
  isBusy: boolean;
  onCheck: (kind: CheckKind) => void;
}) {
  const what = `${item.moduleName}, ${item.className}, ${timeRangeLabel(item)}`;
  const isFinished = availability.status === 'finished';
  return (
    <tr>
      <td className="teacher-time" data-label={t.colTime}>
        {timeRangeLabel(item)}
      </td>
      <td data-label={t.colClass}>{item.className}</td>
      <td data-label={t.colModule}>
        {item.moduleName} <SubstitutionMark item={item} />
      </td>
      <td data-label={t.colType}>{deliveryLabel(item)}</td>
      <td data-label={t.colStatus}>
        <span className={item.status ? STATUS_PILL[item.status] : 'pill'}>{statusLabel(item)}</span>
      </td>
      <td className="today-actions">
        {isFinished ? (
          <span className="hint teacher-finished">{fr.teacher.check.finished}</span>
        ) : item.substitution?.kind === 'replaced' ? (
          <span className="hint">{frSubstitute.replacedHint(item.substitution.otherName)}</span>
        ) : (
          <div className="row-actions teacher-check-buttons">
            <Button
              className="button primary"
              aria-label={t.checkinOf(what)}
              isDisabled={!availability.canCheckIn || isBusy}
              onPress={() => onCheck('checkin')}
            >
              {fr.teacher.slot.checkin}
            </Button>
            <Button
              className="button secondary"
              aria-label={t.checkoutOf(what)}
              isDisabled={!availability.canCheckOut || isBusy}
              onPress={() => onCheck('checkout')}
            >
              {fr.teacher.slot.checkout}
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}

import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { rescheduleEligibility } from '../../domain/reschedule/next-occurrence';
import type { PlanningLog, Timetable } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { dayWithDate, timeRangeLabel } from '../../ui/timetable';
import { checkAvailability } from './check-gates';
import { RescheduleRequestDialog } from './reschedule-request-dialog';
import { useCheckAction } from './use-check-action';

const t = fr.teacher.slot;

/**
 * The course dialog of "Mon planning" (spec part 2 point 2): title, class and teacher, time range, and
 * Arrivée, Départ, Demander reprogrammation (this one only 24 hours or more before the next occurrence).
 */
export function SlotDialog({
  item,
  timetables,
  logs,
  now,
  onClose,
}: {
  item: SlotDisplayItem;
  timetables: ReadonlyMap<string, Timetable>;
  logs: readonly PlanningLog[];
  now: Date;
  onClose: () => void;
}) {
  const [isRequesting, setIsRequesting] = useState(false);
  const check = useCheckAction();
  const availability = checkAvailability(item, timetables, logs, now);
  const slot = timetables.get(item.timetableId)?.slots[item.slotIndex];
  const eligibility = slot ? rescheduleEligibility(slot, now) : null;
  const isFinished = availability.status === 'finished';
  if (isRequesting && eligibility?.ok) {
    return (
      <RescheduleRequestDialog
        item={item}
        prefill={eligibility.value}
        onClose={onClose}
        onBack={() => setIsRequesting(false)}
      />
    );
  }
  return (
    <AppDialog isOpen onOpenChange={(open) => !open && onClose()} title={item.title} size="small">
      <dl className="teacher-slot-facts">
        <dt>{t.classLabel}</dt>
        <dd>{item.className}</dd>
        <dt>{t.teacherLabel}</dt>
        <dd>{item.teacherName}</dd>
        <dt>{t.timeLabel}</dt>
        <dd>
          {dayWithDate(item.date)}, {timeRangeLabel(item)}
        </dd>
      </dl>
      {isFinished ? <p className="hint">{fr.teacher.check.finished}</p> : null}
      {eligibility && !eligibility.ok && eligibility.code === 'too-late' ? (
        <p className="hint">{t.tooLate}</p>
      ) : null}
      <div className="dialog-actions teacher-slot-actions">
        <Button
          className="button primary"
          isDisabled={!availability.canCheckIn || check.busyKey !== null}
          onPress={() => void check.run('checkin', item)}
        >
          {t.checkin}
        </Button>
        <Button
          className="button primary"
          isDisabled={!availability.canCheckOut || check.busyKey !== null}
          onPress={() => void check.run('checkout', item)}
        >
          {t.checkout}
        </Button>
        <Button
          className="button secondary"
          isDisabled={!eligibility?.ok}
          onPress={() => setIsRequesting(true)}
        >
          {t.requestReschedule}
        </Button>
        <Button className="button secondary" onPress={onClose}>
          {t.close}
        </Button>
      </div>
    </AppDialog>
  );
}
      {check.prompt}

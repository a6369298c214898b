import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/database';
import { occurrenceEligibility } from '../../domain/reschedule/occurrence';
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
 * Arrivée, Départ, Demander reprogrammation (this one only 24 hours or more before this occurrence, which
 * has not started, and without a pending request; the reason shows when it is disabled).
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
  const timetable = timetables.get(item.timetableId);
  const slot = timetable?.slots[item.slotIndex];
  // Issue 33: the occurrence opened, in its own timetable; a started or past course cannot be rescheduled.
  const eligibility =
    timetable && slot ? occurrenceEligibility({ timetable, slot, date: item.date, now }) : null;
  const hasPendingRequest = useLiveQuery(
    () =>
      appDb()
        .rescheduleRequests.filter(
          (r) =>
            r.status === 'pending' && r.timetableId === item.timetableId && r.slotIndex === item.slotIndex,
        )
        .count()
        .then((n) => n > 0),
    [item.timetableId, item.slotIndex],
  );
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
      {hasPendingRequest ? (
        <p className="hint" data-testid="reschedule-reason">
          {t.pendingRequest}
        </p>
      ) : eligibility && !eligibility.ok && eligibility.code !== 'canceled' ? (
        <p className="hint" data-testid="reschedule-reason">
          {eligibility.code === 'too-late' ? t.tooLate : t.started}
        </p>
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
          isDisabled={!eligibility?.ok || hasPendingRequest !== false}
          onPress={() => setIsRequesting(true)}
        >
          {t.requestReschedule}
        </Button>
        <Button className="button secondary" onPress={onClose}>
          {t.close}
        </Button>
      </div>
      {check.prompt}
    </AppDialog>
  );
}

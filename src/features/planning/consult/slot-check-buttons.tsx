import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import { checkInGate, checkOutGate, type CheckInRefusal } from '../../../domain/attendance/status';
import type { Actor } from '../../../domain/planning/planning-log';
import type { SlotDisplayItem } from '../../../domain/planning/slot-display';
import type { PlanningLog, Timetable } from '../../../domain/store/schema';
import { toIsoDate } from '../../../domain/time/instant';
import { fr } from '../../../i18n/fr';
import { frFirstMonthUx } from '../../../i18n/fr-first-month-ux';
import { checkIn, checkOut, checkRefusalMessage } from '../../../services/attendance';
import { useToast } from '../../../ui/toast';

/**
 * Why Arrivée is greyed (issue 33 point 7), null when it is not or when the finished-course hint already says
 * it. A course of another day says whether it is past or still to come.
 */
function arrivalBlockedReason(code: CheckInRefusal, date: string, now: Date): string | null {
  if (code === 'finished') return null;
  if (code === 'not-today')
    return date < toIsoDate(now) ? frFirstMonthUx.manage.pastCourse : frFirstMonthUx.manage.futureCourse;
  return checkRefusalMessage(code);
}

interface Props {
  item: SlotDisplayItem;
  timetable: Timetable;
  logs: readonly PlanningLog[];
  actor: Actor;
  now: Date;
}

/**
 * Arrivée / Départ in "Gérer un cours" (spec part 2 point 4), through the shared attendance service: Arrivée
 * from 30 minutes before a course of today until it starts being followed, Départ while in progress.
 */
export function SlotCheckButtons({ item, timetable, logs, actor, now }: Props) {
  const toast = useToast();
  const [isBusy, setIsBusy] = useState(false);
  const day = { timetable, slotIndex: item.slotIndex, date: item.date, logs, now };
  const inGate = checkInGate(day);
  const canCheckIn = inGate.ok;
  const inReason = inGate.ok ? null : arrivalBlockedReason(inGate.code, item.date, now);
  const reasonId = `consult-checkin-reason-${item.timetableId}-${item.slotIndex}-${item.date}`;
  const outGate = checkOutGate(day);
  const isFinished = !outGate.ok && outGate.code === 'finished';
  const run = async (kind: 'checkin' | 'checkout') => {
    setIsBusy(true);
    try {
      const request = { timetableId: item.timetableId, slotIndex: item.slotIndex, date: item.date, actor };
      const result = kind === 'checkin' ? await checkIn(appDb(), request) : await checkOut(appDb(), request);
      if (!result.ok) toast.show(checkRefusalMessage(result.code), 'error');
      else {
        // spec part 2 point 8: check-in/out toast 'Arrivée' or 'Départ', then teacher, class, module.
        const label = kind === 'checkin' ? fr.attendance.checkin : fr.attendance.checkout;
        toast.show(`${label} · ${item.teacherName} · ${item.className} · ${item.moduleName}`);
      }
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <>
      <Button
        className="button primary"
        isDisabled={isBusy || !canCheckIn}
        aria-describedby={inReason ? reasonId : undefined}
        onPress={() => void run('checkin')}
      >
        {fr.planning.consult.manage.checkin}
      </Button>
      <Button
        className="button secondary"
        isDisabled={isBusy || !outGate.ok}
        onPress={() => void run('checkout')}
      >
        {fr.planning.consult.manage.checkout}
      </Button>
      {isFinished ? <p className="hint consult-check-hint">{fr.attendance.finishedHint}</p> : null}
      {inReason ? (
        <p className="hint consult-check-hint" id={reasonId}>
          {inReason}
        </p>
      ) : null}
    </>
  );
}

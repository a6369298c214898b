import { Button } from 'react-aria-components';
import type { CheckKind } from '../../domain/attendance/check-actions';
import type { ReferenceZone } from '../../domain/attendance/location';
import type { SubstitutedRow as Row } from '../../domain/attendance/substituted-rows';
import { checkInGate, checkOutGate } from '../../domain/attendance/status';
import { formatDuration } from '../../domain/format/duration';
import type { PlanningLog } from '../../domain/store/schema';
import { toIsoDate, toUtc } from '../../domain/time/instant';
import { fr } from '../../i18n/fr';
import { frAttendanceSubstitution as ts } from '../../i18n/fr-attendance-substitution';
import { LocationFlagPills, TrustFlagPills } from './location-flags';

const t = fr.attendance;
const STATUS_PILL = {
  'not-started': '',
  late: 'red',
  'in-progress': 'blue',
  finished: 'green',
  missed: 'red',
} as const;

export interface RowNames {
  className: string;
  moduleName: string;
  teacherName: string;
  /** Issue 35: "Remplacement de …", "Remplacé par …" or "Aucun remplaçant"; null without substitution. */
  substitutionNote: string | null;
}

interface Props {
  row: Row;
  names: RowNames;
  zone: ReferenceZone | null;
  showDate: boolean;
  /** The table has an Actions column (the viewer may act on some row). */
  actionsColumn: boolean;
  /** Check-in/out offered here (no other screen offers it yet): with planning.consulter.actions or own slot. */
  canAct: boolean;
  /** A reviewer (planning.consulter.actions, not the teacher) may correct or record a time. */
  canCorrect: boolean;
  logs: readonly PlanningLog[];
  now: Date;
  busy: CheckKind | null;
  onView: () => void;
  onCheck: (kind: CheckKind) => void;
  onCorrect: () => void;
}

export function AttendanceTableRow({
  row,
  names,
  zone,
  showDate,
  actionsColumn,
  canAct,
  canCorrect,
  logs,
  now,
  busy,
  onView,
  onCheck,
  onCorrect,
}: Props) {
  const hasPosition = !!row.checkinPosition || !!row.checkoutPosition;
  const isToday = row.date === toIsoDate(now);
  const day = { timetable: row.timetable, slotIndex: row.slotIndex, date: row.date, logs, now };
  const isFinished = row.status === 'finished';
  const isCanceled = row.substitution?.kind === 'canceled';
  const what = `${names.className} · ${names.moduleName} · ${row.slot.startTime}`;
  return (
    <tr>
      {showDate ? <td>{toUtc(row.date).setLocale('fr').toFormat('ccc dd/LL')}</td> : null}
      <td className="nowrap">
        {row.slot.startTime} – {row.slot.endTime}
        {/* Tablet width: the Durée column folds under the time (attendance.css, issue 33 point 2). */}
        <span className="cell-sub attendance-folded">
          {formatDuration(row.realMin)} / {formatDuration(row.plannedMin)}
        </span>
      </td>
      <td className="attendance-col-class">{names.className}</td>
      <td>
        {names.moduleName}
        <span className="cell-sub attendance-folded">
          {names.className} · {names.teacherName}
          {names.substitutionNote ? ` · ${names.substitutionNote}` : null}
        </span>
      </td>
      <td className="attendance-col-teacher">
        {names.teacherName}
        {names.substitutionNote ? (
          <span className="cell-sub attendance-substitution">{names.substitutionNote}</span>
        ) : null}
      </td>
      <td className="nowrap attendance-col-duration">
        {formatDuration(row.realMin)} / {formatDuration(row.plannedMin)}
      </td>
      <td>
        {isCanceled ? (
          <span className="pill attendance-canceled">{ts.canceled}</span>
        ) : (
          <span className={`pill ${STATUS_PILL[row.status]}`}>{t.status[row.status]}</span>
        )}
        {row.isAuto ? <span className="pill attendance-auto">{t.auto}</span> : null}
        <LocationFlagPills positions={[row.checkinPosition, row.checkoutPosition]} zone={zone} />
        <TrustFlagPills checkin={row.checkin} checkout={row.checkout} />
      </td>
      <td>
        <Button
          className="button secondary small"
          isDisabled={!hasPosition}
          aria-label={t.viewLocation(what)}
          onPress={onView}
        >
          {t.view}
        </Button>
      </td>
      {actionsColumn ? (
        <td
          className="nowrap attendance-actions"
          title={isFinished && canAct && isToday ? t.finishedHint : undefined}
        >
          {canAct && isToday ? (
            <>
              <Button
                className="button primary small"
                isDisabled={busy !== null || !checkInGate(day).ok}
                onPress={() => onCheck('checkin')}
              >
                {busy === 'checkin' ? t.working : t.checkin}
              </Button>{' '}
              <Button
                className="button secondary small"
                isDisabled={busy !== null || !checkOutGate(day).ok}
                onPress={() => onCheck('checkout')}
              >
                {busy === 'checkout' ? t.working : t.checkout}
              </Button>
              {isFinished ? <span className="visually-hidden">{t.finishedHint}</span> : null}
            </>
          ) : null}
          {canCorrect ? (
            <>
              {' '}
              <Button
                className="button secondary small"
                aria-label={t.correctLabel(what)}
                onPress={onCorrect}
              >
                {t.correct}
              </Button>
            </>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

import { useDeferredValue, useMemo, useState } from 'react';
import { Checkbox } from 'react-aria-components';
import { useSearchParams } from 'react-router-dom';
import { appDb } from '../../db/database';
import { mayRecordAttendance } from '../../domain/access/rules';
import { userViewer } from '../../domain/access/viewer';
import type { CheckKind } from '../../domain/attendance/check-actions';
import { attendanceOverview } from '../../domain/attendance/overview';
import {
  withSubstitutions,
  type SubstitutedRow as AttendanceRow,
} from '../../domain/attendance/substituted-rows';
import { parseIsoDate, toIsoDate } from '../../domain/time/instant';
import { periodRange, type PeriodKind } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { checkIn, checkOut, checkRefusalMessage } from '../../services/attendance';
import { useSignedInSession } from '../../session/use-session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { AttendanceCounters } from './attendance-counters';
import { useAttendanceData } from './attendance-data';
import { AttendanceTable } from './attendance-table';
import { AttendanceToolbar } from './attendance-toolbar';
import { CorrectionDialog, type CorrectionTarget } from './correction-dialog';
import { LocationDialog, type LocationTarget } from './location-dialog';
import { useServerNow } from '../../sync/use-server-now';
import { adjustmentMonth, closureCovering } from '../../domain/payroll/closing';
import { frClosing } from '../../i18n/fr-closing';
import { MonthClosingPanel, closedMonthNotice, useClosingData } from '../closing/month-closing-panel';
import './attendance.css';

const t = fr.attendance;
// Statuses move on their own (late after 10 minutes, finished when the duration elapsed): refresh often.
const REFRESH_MS = 15_000;

/** /attendance 'Suivi des émargements' (spec part 2 point 2), query parameters date and classId. */
export function AttendancePage() {
  const session = useSignedInSession();
  const toast = useToast();
  const now = useServerNow(REFRESH_MS);
  const [params, setParams] = useSearchParams();
  const [kind, setKind] = useState<PeriodKind>('day');
  const [location, setLocation] = useState<LocationTarget | null>(null);
  const [busy, setBusy] = useState<{ key: string; kind: CheckKind } | null>(null);
  const [correction, setCorrection] = useState<CorrectionTarget | null>(null);
  // A Départ waits for its confirmation (one tap cannot end a course by mistake, issue 32).
  const [leaving, setLeaving] = useState<{ row: AttendanceRow; key: string } | null>(null);
  // "À vérifier": only the rows with a flagged entry nobody corrected yet (trusted time, beyond the spec).
  const [toReviewOnly, setToReviewOnly] = useState(false);
  const asked = params.get('date');
  const date = asked && parseIsoDate(asked) ? asked : toIsoDate(now);
  const classId = params.get('classId') ?? '';
  const range = useMemo(() => periodRange(kind, date), [kind, date]);
  // The period's rows render in a transition when they arrive (React yields every few milliseconds).
  const data = useDeferredValue(useAttendanceData(range));

  const overview = useMemo(() => {
    if (!data) return null;
    const { rows } = attendanceOverview({
      timetables: data.timetables,
      logs: data.logs,
      range,
      now,
      classId: classId || null,
      knownTeacherIds: new Set(data.users.keys()),
    });
    // Issue 35: the substitute gives the course (her check-in, her row); cancelled for want of one: "Annulé".
    return withSubstitutions(rows, data.substitutions);
  }, [data, range, now, classId]);

  const setQuery = (next: { date?: string; classId?: string }) => {
    const merged = { date, classId, ...next };
    setParams(merged.classId ? { date: merged.date, classId: merged.classId } : { date: merged.date }, {
      replace: true,
    });
  };
  // The same predicate the server applies to the pushed check-in (domain/access/write.ts).
  const viewer = session ? userViewer(session.user.id, session.granted, session.loginMode) : null;
  // Month closing (issue 32): a closed month's attendance is read-only; a correction becomes an adjustment.
  const closing = useClosingData();
  const instituteOf = (row: Pick<AttendanceRow, 'timetable'>) =>
    data?.classes.get(row.timetable.classId)?.instituteId ?? null;
  const closedFor = (row: AttendanceRow) =>
    !!closing && closureCovering(closing.closures, instituteOf(row), row.date.slice(0, 7)) !== null;
  const isCanceled = (row: AttendanceRow) => row.substitution?.kind === 'canceled';
  const canAct = (row: AttendanceRow) =>
    !!viewer && !isCanceled(row) && mayRecordAttendance(viewer, row.slot) && !closedFor(row);
  // The server accepts corrections from planning.consulter.actions only, never of one's own hours, and a
  // missing check-in or check-out only once the course has begun (write-planning.ts, issue 32).
  const mayCorrect = !!session?.granted.has('planning.consulter.actions') && session.loginMode !== 'pin';
  const canCorrect = (row: AttendanceRow) =>
    mayCorrect &&
    !isCanceled(row) &&
    row.slot.teacherUserId !== session?.user.id &&
    (!!row.checkin ||
      !!row.checkout ||
      Date.parse(`${row.date}T${row.slot.startTime}:00.000Z`) <= now.getTime());
  const toReview = overview ? overview.rows.filter((r) => r.toReview).length : 0;
  const closedNotices = [
    ...new Set(
      (overview?.rows ?? [])
        .filter(closedFor)
        .map((row) => closedMonthNotice(closing?.closures ?? [], instituteOf(row), row.date.slice(0, 7)))
        .filter((n): n is string => n !== null),
    ),
  ];
  const correctionAdjustment =
    correction && closing
      ? adjustmentMonth(closing.closures, instituteOf(correction.row), correction.row.date)
      : null;
  const shown = overview ? (toReviewOnly ? overview.rows.filter((r) => r.toReview) : overview.rows) : [];

  const check = async (row: AttendanceRow, key: string, checkKind: CheckKind) => {
    if (!session || busy) return;
    setBusy({ key, kind: checkKind });
    try {
      const request = {
        timetableId: row.timetable.id,
        slotIndex: row.slotIndex,
        date: row.date,
        actor: { userId: session.user.id, userName: session.user.name },
      };
      const result = await (checkKind === 'checkin' ? checkIn : checkOut)(appDb(), request);
      if (result.ok) toast.show(checkKind === 'checkin' ? t.checkedIn : t.checkedOut);
      else toast.show(checkRefusalMessage(result.code), 'error');
    } finally {
      setBusy(null);
    }
  };

  const classes = data ? [...data.classes.values()].sort((a, b) => a.code.localeCompare(b.code)) : [];
  return (
    <section aria-labelledby="attendance-title">
      <h2 id="attendance-title">{t.title}</h2>
      <AttendanceToolbar
        kind={kind}
        date={date}
        classId={classId}
        classes={classes}
        onKind={setKind}
        onDate={(d) => setQuery({ date: d })}
        onClass={(c) => setQuery({ classId: c })}
      />
      <MonthClosingPanel month={date.slice(0, 7)} now={now} />
      {closedNotices.map((notice) => (
        <p key={notice} className="month-closing-notice" role="note">
          {notice}
        </p>
      ))}
      {!overview || !data ? (
        <p className="page-loading">{fr.app.loading}</p>
      ) : (
        <>
          <AttendanceCounters counters={overview.counters} />
          <div className="attendance-review">
            <Checkbox className="checkbox" isSelected={toReviewOnly} onChange={setToReviewOnly}>
              <span className="checkbox-box" aria-hidden="true" />
              {t.toReviewOnly}
            </Checkbox>
            {toReview > 0 ? <span className="pill attendance-flag">{t.toReviewCount(toReview)}</span> : null}
          </div>
          {shown.length === 0 ? (
            <p className="empty">{t.empty}</p>
          ) : (
            <AttendanceTable
              rows={shown}
              data={data}
              showDate={kind !== 'day'}
              now={now}
              canAct={canAct}
              canCorrect={canCorrect}
              viewerId={session?.user.id ?? null}
              busy={busy}
              onView={setLocation}
              onCheck={(row, key, k) => {
                if (k === 'checkout') setLeaving({ row, key });
                else void check(row, key, k);
              }}
              onCorrect={(row, what) => setCorrection({ row, what })}
            />
          )}
        </>
      )}
      <ConfirmDialog
        isOpen={leaving !== null}
        onOpenChange={(open) => {
          if (!open) setLeaving(null);
        }}
        title={t.confirmCheckoutTitle}
        message={
          leaving
            ? t.confirmCheckout(
                leaving.row.slot.endTime,
                data?.users.get(leaving.row.slot.teacherUserId)?.name ?? '—',
              )
            : ''
        }
        confirmLabel={t.confirmCheckoutLabel}
        isDestructive={false}
        onConfirm={async () => {
          if (leaving) await check(leaving.row, leaving.key, 'checkout');
        }}
      />
      <LocationDialog target={location} onClose={() => setLocation(null)} />
      {session ? (
        <CorrectionDialog
          target={correction}
          actor={{ userId: session.user.id, userName: session.user.name }}
          onClose={() => setCorrection(null)}
          notice={correctionAdjustment ? frClosing.adjustmentNote(correctionAdjustment) : null}
          {...(correctionAdjustment ? { doneToast: frClosing.adjustedToast(correctionAdjustment) } : {})}
        />
      ) : null}
    </section>
  );
}

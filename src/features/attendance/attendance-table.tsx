import type { CheckKind } from '../../domain/attendance/check-actions';
import type { SubstitutedRow as AttendanceRow } from '../../domain/attendance/substituted-rows';
import { frAttendanceSubstitution as ts } from '../../i18n/fr-attendance-substitution';
import { fr } from '../../i18n/fr';
import type { AttendanceData } from './attendance-data';
import { AttendanceTableRow, type RowNames } from './attendance-row';
import type { LocationTarget } from './location-dialog';
import { zoneOfInstitute } from './location-flags';

const t = fr.attendance;

interface Props {
  rows: readonly AttendanceRow[];
  data: AttendanceData;
  showDate: boolean;
  now: Date;
  canAct: (row: AttendanceRow) => boolean;
  /** A reviewer may correct this row's times, or record a missing check-in or check-out. */
  canCorrect: (row: AttendanceRow) => boolean;
  /** The signed-in person: her own replaced course reads "Remplacé par …". */
  viewerId: string | null;
  busy: { key: string; kind: CheckKind } | null;
  onView: (target: LocationTarget) => void;
  onCheck: (row: AttendanceRow, key: string, kind: CheckKind) => void;
  onCorrect: (row: AttendanceRow, what: string) => void;
}

export function rowKey(row: AttendanceRow): string {
  return `${row.timetable.id}/${row.slotIndex}/${row.date}`;
}

/**
 * Issue 35: under the substitute's name, whom she replaces; the absent teacher reading her own course sees it
 * "Remplacé par …"; a course cancelled for want of a substitute says so.
 */
function substitutionNote(
  row: AttendanceRow,
  viewerId: string | null,
  nameOf: (userId: string) => string,
): string | null {
  const s = row.substitution;
  if (!s) return null;
  if (s.kind === 'canceled') return ts.noSubstitute;
  return s.absentUserId === viewerId
    ? ts.replacedBy(nameOf(s.substituteUserId))
    : ts.substituteFor(nameOf(s.absentUserId));
}

/** One row per course occurrence, by date then start time. */
export function AttendanceTable({
  rows,
  data,
  showDate,
  now,
  canAct,
  canCorrect,
  viewerId,
  busy,
  onView,
  onCheck,
  onCorrect,
}: Props) {
  const sorted = [...rows].sort(
    (a, b) => a.date.localeCompare(b.date) || a.slot.startTime.localeCompare(b.slot.startTime),
  );
  const actionsColumn = sorted.some(canAct) || sorted.some(canCorrect);
  const nameOf = (userId: string) => data.users.get(userId)?.name ?? '—';
  const namesOf = (row: AttendanceRow): RowNames => ({
    className: data.classes.get(row.timetable.classId)?.code ?? '—',
    moduleName: data.modules.get(row.slot.moduleId)?.name ?? '—',
    // The absent teacher reading her own course: her name, "Remplacé par …" under it.
    teacherName: nameOf(
      row.substitution?.absentUserId === viewerId ? row.substitution.absentUserId : row.slot.teacherUserId,
    ),
    substitutionNote: substitutionNote(row, viewerId, nameOf),
  });
  return (
    <div className="table-scroll">
      <table className="data attendance-table stack-on-phone">
        <thead>
          <tr>
            {showDate ? <th scope="col">{t.colDate}</th> : null}
            <th scope="col">{t.colTime}</th>
            <th scope="col" className="attendance-col-class">
              {t.colClass}
            </th>
            <th scope="col">{t.colModule}</th>
            <th scope="col" className="attendance-col-teacher">
              {t.colTeacher}
            </th>
            <th scope="col" className="attendance-col-duration">
              {t.colDuration}
            </th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">{t.colLocation}</th>
            {actionsColumn ? <th scope="col">{t.colActions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => {
            const key = rowKey(row);
            const names = namesOf(row);
            const institute = data.institutes.get(data.classes.get(row.timetable.classId)?.instituteId ?? '');
            const zone = zoneOfInstitute(institute);
            return (
              <AttendanceTableRow
                key={key}
                row={row}
                names={names}
                zone={zone}
                showDate={showDate}
                actionsColumn={actionsColumn}
                canAct={canAct(row)}
                canCorrect={canCorrect(row)}
                logs={data.logs}
                now={now}
                busy={busy?.key === key ? busy.kind : null}
                onView={() =>
                  onView({
                    title: `${names.className} · ${names.moduleName} · ${names.teacherName} · ${row.date} ${row.slot.startTime} – ${row.slot.endTime}`,
                    arrival: row.checkinPosition,
                    departure: row.checkoutPosition,
                    zone,
                  })
                }
                onCheck={(k) => onCheck(row, key, k)}
                onCorrect={() =>
                  onCorrect(
                    row,
                    `${names.className} · ${names.moduleName} · ${names.teacherName} · ${row.slot.startTime}`,
                  )
                }
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { appDb } from '../../db/database';
import { realTimeByModuleAndClass, totalMinutes } from '../../domain/attendance/real-time';
import { formatDuration } from '../../domain/format/duration';
import { toIsoDate, toIsoInstant } from '../../domain/time/instant';
import { periodRange, type PeriodKind } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { useNow } from '../../ui/timetable';
import { PeriodNav } from './period-nav';
import { TeacherStatement } from './teacher-statement';
import './teacher.css';

const t = fr.teacher.workload;

/**
 * /teacher/workload "Mes heures (réel)" (spec part 2 points 2 and 9): the signed-in teacher's real time per
 * module and class, check-in to next check-out, an open check-in counting until now or the period end.
 */
export function TeacherWorkloadPage() {
  const session = useSignedInSession();
  const now = useNow();
  const [kind, setKind] = useState<PeriodKind>('week');
  const [reference, setReference] = useState(() => toIsoDate(new Date()));
  const userId = session?.user.id ?? '';
  const nowMs = now.getTime();
  const data = useLiveQuery(async () => {
    const db = appDb();
    const range = periodRange(kind, reference);
    const [logs, timetables, classes, modules] = await Promise.all([
      db.planningLogs
        .where('timestamp')
        .between(toIsoInstant(range.start), toIsoInstant(range.end), true, false)
        .toArray(),
      db.timetables.toArray(),
      db.classes.toArray(),
      db.courseModules.toArray(),
    ]);
    const rows = realTimeByModuleAndClass({
      logs,
      range,
      now: new Date(nowMs),
      timetables,
      teacherUserId: userId,
    });
    return {
      rows,
      classes: new Map(classes.map((c) => [c.id, c.code])),
      modules: new Map(modules.map((m) => [m.id, m.name])),
    };
  }, [kind, reference, userId, nowMs]);
  return (
    <section aria-labelledby="teacher-workload-title" className="teacher-page">
      <h2 id="teacher-workload-title">{t.title}</h2>
      <PeriodNav kind={kind} reference={reference} onKindChange={setKind} onReferenceChange={setReference} />
      {data === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {data && data.rows.length === 0 ? <p className="empty">{t.empty}</p> : null}
      {data && data.rows.length > 0 ? (
        <>
          <p className="teacher-total" role="status">
            {t.total} : <strong>{formatDuration(totalMinutes(data.rows))}</strong>
          </p>
          <div className="table-scroll">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">{t.colModule}</th>
                  <th scope="col">{t.colClass}</th>
                  <th scope="col" className="teacher-num">
                    {t.colReal}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={`${row.moduleId}:${row.classId}`}>
                    <td>{data.modules.get(row.moduleId) ?? fr.teacher.unknown}</td>
                    <td>{data.classes.get(row.classId) ?? fr.teacher.unknown}</td>
                    <td className="teacher-num">{formatDuration(row.minutes)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    {t.total}
                  </th>
                  <td className="teacher-num">
                    <strong>{formatDuration(totalMinutes(data.rows))}</strong>
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      ) : null}
      {userId ? <TeacherStatement userId={userId} userName={session?.user.name ?? ''} /> : null}
    </section>
  );
}

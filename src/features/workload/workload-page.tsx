import { useState } from 'react';
import { toIsoDate } from '../../domain/time/instant';
import { periodRange, type PeriodKind } from '../../domain/time/period';
import { fr } from '../../i18n/fr';
import { PayrollExportButtons } from '../../ui/payroll-export-buttons';
import { PeriodControls } from './period-controls';
import { StatementFollow } from './statement-follow';
import { useWorkloadData } from './use-workload-data';
import { WorkloadChart } from './workload-chart';
import { WorkloadDetailDialog } from './workload-detail-dialog';
import { WorkloadTable } from './workload-table';
import './workload.css';

/** /workload (spec part 2 point 2): planned against real time per teacher over a day, week or month. */
export function WorkloadPage() {
  const t = fr.workload;
  const [kind, setKind] = useState<PeriodKind>('week');
  const [referenceDate, setReferenceDate] = useState(() => toIsoDate(new Date()));
  const [detailTeacherId, setDetailTeacherId] = useState<string | null>(null);
  const data = useWorkloadData(kind, referenceDate);

  const name = (map: ReadonlyMap<string, string> | undefined, id: string, fallback: string) =>
    (id && map?.get(id)) || fallback;
  const teacherName = (id: string) => name(data?.teacherNames, id, t.unknownTeacher);
  const rows = [...(data?.rows ?? [])].sort((a, b) =>
    teacherName(a.teacherUserId).localeCompare(teacherName(b.teacherUserId), 'fr'),
  );
  const detailRow = rows.find((r) => r.teacherUserId === detailTeacherId);

  return (
    <section aria-labelledby="workload-title" className="workload-page">
      <h2 id="workload-title">{t.title}</h2>
      <PeriodControls
        kind={kind}
        referenceDate={referenceDate}
        onKindChange={setKind}
        onDateChange={setReferenceDate}
      />
      <PayrollExportButtons range={periodRange(kind, referenceDate)} />
      {data === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {data !== undefined && rows.length === 0 ? <p className="empty">{t.empty}</p> : null}
      {rows.length > 0 ? (
        <>
          <p className="count-line">{t.teachersCount(rows.length)}</p>
          <WorkloadChart
            bars={rows.map((r) => ({
              label: teacherName(r.teacherUserId),
              plannedMin: r.plannedMin,
              realMin: r.realMin,
              isRealAbovePlanned: r.isRealAbovePlanned,
            }))}
          />
          <WorkloadTable rows={rows} teacherName={teacherName} onDetail={setDetailTeacherId} />
        </>
      ) : null}
      <WorkloadDetailDialog
        teacherName={detailTeacherId ? teacherName(detailTeacherId) : ''}
        details={detailTeacherId ? (detailRow?.details ?? []) : null}
        className={(id) => name(data?.classNames, id, t.unknown)}
        moduleName={(id) => name(data?.moduleNames, id, t.unknown)}
        onClose={() => setDetailTeacherId(null)}
      />
      <StatementFollow />
    </section>
  );
}

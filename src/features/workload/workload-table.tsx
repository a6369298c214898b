import { Button } from 'react-aria-components';
import { formatDuration } from '../../domain/format/duration';
import type { WorkloadTeacherRow } from '../../domain/workload/workload';
import { fr } from '../../i18n/fr';

interface Props {
  rows: readonly WorkloadTeacherRow[];
  teacherName: (id: string) => string;
  onDetail: (teacherUserId: string) => void;
}

/** Real time is red, with a spoken hint, when above planned by more than 1 minute (spec part 2 point 2). */
export function RealCell({ realMin, isOver }: { realMin: number; isOver: boolean }) {
  return (
    <td className={isOver ? 'workload-real over' : 'workload-real'}>
      {formatDuration(realMin)}
      {isOver ? <span className="visually-hidden"> ({fr.workload.realAbovePlanned})</span> : null}
    </td>
  );
}

export function WorkloadTable({ rows, teacherName, onDetail }: Props) {
  const t = fr.workload;
  return (
    <div className="table-scroll">
      <table className="data">
        <thead>
          <tr>
            <th scope="col">{t.colTeacher}</th>
            <th scope="col">{t.colPlanned}</th>
            <th scope="col">{t.colReal}</th>
            <th scope="col">{t.colDetail}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.teacherUserId}>
              <th scope="row">{teacherName(row.teacherUserId)}</th>
              <td>{formatDuration(row.plannedMin)}</td>
              <RealCell realMin={row.realMin} isOver={row.isRealAbovePlanned} />
              <td>
                <Button
                  className="button secondary small"
                  aria-label={`${t.detail} — ${teacherName(row.teacherUserId)}`}
                  onPress={() => onDetail(row.teacherUserId)}
                >
                  {t.detail}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

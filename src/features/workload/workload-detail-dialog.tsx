import { Button } from 'react-aria-components';
import { formatDuration } from '../../domain/format/duration';
import type { WorkloadDetailRow } from '../../domain/workload/workload';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { RealCell } from './workload-table';

interface Props {
  teacherName: string;
  details: readonly WorkloadDetailRow[] | null;
  className: (id: string) => string;
  moduleName: (id: string) => string;
  onClose: () => void;
}

/** Per module and class of one teacher over the period ("Aucun détail" when empty). */
export function WorkloadDetailDialog({ teacherName, details, className, moduleName, onClose }: Props) {
  const t = fr.workload;
  return (
    <AppDialog
      isOpen={details !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t.detailTitle(teacherName)}
      size="large"
    >
      {details && details.length === 0 ? <p className="empty">{t.emptyDetail}</p> : null}
      {details && details.length > 0 ? (
        <div className="table-scroll">
          <table className="data">
            <thead>
              <tr>
                <th scope="col">{t.colModule}</th>
                <th scope="col">{t.colClass}</th>
                <th scope="col">{t.colPlanned}</th>
                <th scope="col">{t.colReal}</th>
              </tr>
            </thead>
            <tbody>
              {details.map((d) => (
                <tr key={`${d.moduleId}-${d.classId}`}>
                  <td>{moduleName(d.moduleId)}</td>
                  <td>{className(d.classId)}</td>
                  <td>{formatDuration(d.plannedMin)}</td>
                  <RealCell realMin={d.realMin} isOver={d.isRealAbovePlanned} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {t.close}
        </Button>
      </div>
    </AppDialog>
  );
}

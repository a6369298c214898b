import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import { contractLineUsage, type ContractLineUsage } from '../../../domain/contracts/contract-warnings';
import { contractRange } from '../../../domain/contracts/vh-contracts';
import { formatDuration } from '../../../domain/format/duration';
import type { Contract } from '../../../domain/store/schema';
import { toIsoInstant } from '../../../domain/time/instant';
import { fr } from '../../../i18n/fr';
import { deleteVhContractLine } from '../../../services/contracts/vh-contract-service';
import { AppDialog } from '../../../ui/app-dialog';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/toast';

interface Props {
  contract: Contract;
  teacherName: string;
  className: (id: string) => string;
  moduleName: (id: string) => string;
  onClose: () => void;
}

/** Per pair: planned and real time over the contract's days, the cap and (beyond the spec) what remains. */
export function ContractLinesDialog({ contract, teacherName, className, moduleName, onClose }: Props) {
  const t = fr.contracts.vh;
  const toast = useToast();
  const [lineToDelete, setLineToDelete] = useState<ContractLineUsage | null>(null);
  const lines = useLiveQuery(async () => {
    const db = appDb();
    const range = contractRange(contract);
    const logs = range
      ? await db.planningLogs
          .where('timestamp')
          .between(toIsoInstant(range.start), toIsoInstant(range.end), true, false)
          .toArray()
      : [];
    // Issue 35: a course given as a substitute counts for the substitute, not the absent teacher.
    const substitutions = await db.substitutions.toArray();
    return contractLineUsage({
      contract,
      timetables: await db.timetables.toArray(),
      logs,
      now: new Date(),
      substitutions,
    });
  }, [contract]);

  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t.linesTitle(teacherName)}
      size="large"
    >
      <p className="hint">{t.linesHint}</p>
      {lines === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {lines?.length === 0 ? <p className="empty">{t.noLines}</p> : null}
      {lines && lines.length > 0 ? (
        <div className="table-scroll">
          <table className="data">
            <thead>
              <tr>
                <th scope="col">{t.colClass}</th>
                <th scope="col">{t.colModule}</th>
                <th scope="col">{t.colPlanned}</th>
                <th scope="col">{t.colReal}</th>
                <th scope="col">{t.colCap}</th>
                <th scope="col">{t.colRemaining}</th>
                <th scope="col">{t.colActions}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.entryId} className={`contracts-line ${line.level}`}>
                  <td>{className(line.classId)}</td>
                  <td>{moduleName(line.moduleId)}</td>
                  <td>{formatDuration(line.plannedMin)}</td>
                  <td>{formatDuration(line.realMin)}</td>
                  <td>{line.capMin > 0 ? formatDuration(line.capMin) : fr.contracts.common.noCap}</td>
                  <td>
                    {line.remainingMin === null
                      ? fr.contracts.common.unknown
                      : formatDuration(line.remainingMin)}
                    {line.level === 'near' ? (
                      <span className="pill blue contracts-warn">{t.capNear}</span>
                    ) : null}
                    {line.level === 'exceeded' ? <span className="pill red">{t.capExceeded}</span> : null}
                  </td>
                  <td>
                    <Button className="button danger small" onPress={() => setLineToDelete(line)}>
                      {t.removeLine}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {fr.contracts.common.close}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={lineToDelete !== null}
        onOpenChange={(open) => (open ? undefined : setLineToDelete(null))}
        title={t.confirmDeleteLineTitle}
        message={t.confirmDeleteLine}
        confirmLabel={t.remove}
        cancelLabel={fr.contracts.common.cancel}
        onConfirm={async () => {
          if (!lineToDelete) return;
          await deleteVhContractLine(appDb(), contract.id, lineToDelete.entryId);
          toast.show(t.lineDeleted);
        }}
      />
    </AppDialog>
  );
}

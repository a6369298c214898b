import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import { isContractCurrent } from '../../../domain/contracts/vh-contracts';
import type { Contract } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { deleteVhContract } from '../../../services/contracts/vh-contract-service';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useToast } from '../../../ui/toast';
import { formatDate } from '../shared/format';
import { ContractEditorDialog } from './contract-editor-dialog';
import { ContractLinesDialog } from './contract-lines-dialog';
import { useVhData } from './use-vh-data';
import '../contracts.css';

type Open = { kind: 'edit'; contract: Contract | null } | { kind: 'lines' | 'delete'; contract: Contract };

/** /contracts/vh "Gestion contractuelle des VH" (spec part 2 point 2). */
export function VhContractsPage() {
  const t = fr.contracts.vh;
  const toast = useToast();
  const data = useVhData();
  const [open, setOpen] = useState<Open | null>(null);
  const today = new Date();
  const teacherName = (id: string) => data?.userNames.get(id) ?? fr.contracts.common.unknown;
  const className = (id: string) =>
    data?.classes.find((c) => c.id === id)?.code ?? fr.contracts.common.unknown;
  const moduleName = (id: string) =>
    data?.modules.find((m) => m.id === id)?.name ?? fr.contracts.common.unknown;

  return (
    <section aria-labelledby="vh-title">
      <div className="toolbar">
        <h2 id="vh-title" className="grow">
          {t.title}
        </h2>
        <Button className="button primary" onPress={() => setOpen({ kind: 'edit', contract: null })}>
          {t.add}
        </Button>
      </div>
      {data === undefined ? <p className="page-loading">{fr.app.loading}</p> : null}
      {data?.contracts.length === 0 ? <p className="empty">{t.empty}</p> : null}
      {data && data.contracts.length > 0 ? (
        <>
          <p className="count-line">{t.count(data.contracts.length)}</p>
          <div className="table-scroll">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">{t.colTeacher}</th>
                  <th scope="col">{t.colPeriod}</th>
                  <th scope="col">{t.colPairs}</th>
                  <th scope="col">{t.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {data.contracts.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">{teacherName(c.teacherUserId)}</th>
                    <td>
                      {fr.contracts.common.dateRange(formatDate(c.startDate), formatDate(c.endDate))}
                      {isContractCurrent(c, today) ? <span className="pill green">{t.current}</span> : null}
                    </td>
                    <td>{c.entries.length}</td>
                    <td>
                      <div className="row-actions">
                        <Button
                          className="button secondary small"
                          onPress={() => setOpen({ kind: 'edit', contract: c })}
                        >
                          {t.edit}
                        </Button>
                        <Button
                          className="button secondary small"
                          onPress={() => setOpen({ kind: 'lines', contract: c })}
                        >
                          {t.lines}
                        </Button>
                        <Button
                          className="button danger small"
                          onPress={() => setOpen({ kind: 'delete', contract: c })}
                        >
                          {t.remove}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {data && open?.kind === 'edit' ? (
        <ContractEditorDialog contract={open.contract} data={data} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'lines' ? (
        <ContractLinesDialog
          contract={data?.contracts.find((c) => c.id === open.contract.id) ?? open.contract}
          teacherName={teacherName(open.contract.teacherUserId)}
          className={className}
          moduleName={moduleName}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={open?.kind === 'delete'}
        onOpenChange={(isOpen) => (isOpen ? undefined : setOpen(null))}
        title={t.confirmDeleteTitle}
        message={t.confirmDelete}
        confirmLabel={t.remove}
        cancelLabel={fr.contracts.common.cancel}
        onConfirm={async () => {
          if (open?.kind !== 'delete') return;
          await deleteVhContract(appDb(), open.contract.id);
          toast.show(t.deleted);
        }}
      />
    </section>
  );
}

import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { AppDialog } from '../../ui/app-dialog';
import { FormWarning } from '../../ui/form-warning';
import { useToast } from '../../ui/toast';
import { applyImport, RestoreRefusedError } from '../../services/settings/data-service';
import type { ReplacementRow } from '../../domain/settings/store-file';
import type { StoreV1 } from '../../domain/store/schema';

/** A file read and checked, waiting for the confirmation. */
export interface PendingImport {
  fileName: string;
  store: StoreV1;
  summary: ReplacementRow[];
}

interface Props {
  pending: PendingImport;
  onClose: () => void;
}

/** What the import will replace, collection by collection, and the confirmation (settings.donnees). */
export function ImportConfirmDialog({ pending, onClose }: Props) {
  const [isBusy, setIsBusy] = useState(false);
  const session = useSignedInSession();
  const toast = useToast();
  const t = fr.settings.data;
  const rows = pending.summary.filter((r) => r.current > 0 || r.incoming > 0);
  // The signed-in user stays signed in only if the file holds them, active.
  const staysSignedIn = pending.store.users.some((u) => u.id === session?.user.id && u.status === 'Active');
  const confirm = async () => {
    setIsBusy(true);
    try {
      await applyImport(appDb(), pending.store);
      toast.show(fr.data.imported);
      onClose();
    } catch (error) {
      toast.show(error instanceof RestoreRefusedError ? t.restoreRefused : t.importFailed, 'error');
      setIsBusy(false);
    }
  };
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t.confirmTitle}
      role="alertdialog"
      isDismissable={!isBusy}
    >
      <p>{t.confirmIntro(pending.fileName)}</p>
      <div className="settings-table-wrap">
        <table className="settings-table compact">
          <caption>{t.summaryCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.collection}</th>
              <th scope="col" className="number">
                {t.current}
              </th>
              <th scope="col" className="number">
                {t.incoming}
              </th>
              <th scope="col" className="number">
                {t.removed}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.collection}>
                <th scope="row">{fr.settings.collections[row.collection]}</th>
                <td className="number">{row.current}</td>
                <td className="number">{row.incoming}</td>
                <td className={row.removed > 0 ? 'number settings-removed' : 'number'}>{row.removed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {staysSignedIn ? null : <FormWarning>{t.signedOutWarning}</FormWarning>}
      <div className="dialog-actions">
        <Button className="button secondary" slot="close" isDisabled={isBusy} autoFocus>
          {fr.settings.common.cancel}
        </Button>
        <Button className="button danger" onPress={() => void confirm()} isDisabled={isBusy}>
          {t.confirmButton}
        </Button>
      </div>
    </AppDialog>
  );
}

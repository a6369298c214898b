import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../../db/database';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';
import { createImportInvitations, type ImportInvitation } from './import-invitations';

/**
 * The import's summary of the invitations to hand out (issue 29): one one-time password per teacher the
 * import created, valid 72 hours, shown once in a printable table.
 */
export function ImportInvitationsDialog({
  userIds,
  onClose,
}: {
  userIds: readonly string[];
  onClose: () => void;
}) {
  const t = fr.invitations;
  const [rows, setRows] = useState<ImportInvitation[] | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const create = async () => {
    setDone(0);
    setRows(await createImportInvitations(appDb(), userIds, setDone));
  };
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open || (done !== null && rows === null) ? undefined : onClose())}
      title={t.importTitle}
      size="large"
      isDismissable={false}
    >
      <div className="import-invitations">
        <p>{t.importHint(userIds.length)}</p>
        {rows === null ? (
          done === null ? null : (
            <p className="hint" role="status">
              {t.importCreating(done, userIds.length)}
            </p>
          )
        ) : (
          <table className="data">
            <thead>
              <tr>
                <th scope="col">{t.columnName}</th>
                <th scope="col">{t.columnEmail}</th>
                <th scope="col">{t.columnPassword}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.userId}>
                  <td>{row.name}</td>
                  <td>{row.email}</td>
                  <td>
                    {row.password === null ? (
                      <span className="form-error">{t.importFailed(row.name)}</span>
                    ) : (
                      <code>{row.password}</code>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="dialog-actions">
          {rows === null ? (
            <Button className="button primary" onPress={() => void create()} isDisabled={done !== null}>
              {t.importCreate}
            </Button>
          ) : (
            <Button className="button secondary" onPress={() => window.print()}>
              {t.print}
            </Button>
          )}
          <Button className="button primary" onPress={onClose} isDisabled={done !== null && rows === null}>
            {fr.users.close}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}

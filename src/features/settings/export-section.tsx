import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import { exportFileName } from '../../domain/settings/store-file';
import { fr } from '../../i18n/fr';
import { useToast } from '../../ui/toast';
import { exportBackupJson } from '../../services/settings/data-service';
import { downloadText } from './download';

/**
 * Spec part 1 point 2: JSON export of the whole store, the file name carrying a date stamp; online it is the
 * server's backup (every user's hashes), offline the device's copy with a warning.
 */
export function ExportSection({ hasAllRights }: { hasAllRights: boolean }) {
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  const t = fr.settings.data;
  const run = async () => {
    setIsBusy(true);
    try {
      // Online: the server's backup with every password; offline: this device's copy, and a warning.
      const result = await exportBackupJson(appDb());
      downloadText(exportFileName(new Date()), result.json);
      if (result.complete) toast.show(fr.data.exported);
      else if (result.why === 'refused') toast.show(t.exportRefused, 'error');
      else toast.show(fr.securityUsers.backup.offline, 'error');
    } catch {
      toast.show(fr.data.exportFailed, 'error');
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <section className="settings-card" aria-labelledby="settings-export-title">
      <h2 id="settings-export-title">{t.exportTitle}</h2>
      <p className="hint">{t.exportHint}</p>
      <p className="hint">{hasAllRights ? fr.securityUsers.backup.serverExportHint : t.exportRefused}</p>
      <div>
        <Button className="button primary" onPress={() => void run()} isDisabled={isBusy}>
          {t.exportButton}
        </Button>
      </div>
    </section>
  );
}

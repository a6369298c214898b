import { useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { appDb } from '../../db/database';
import { IMPORT_MAX_BYTES } from '../../domain/settings/store-file';
import { fr } from '../../i18n/fr';
import { useToast } from '../../ui/toast';
import { checkImportFile, type ImportCheck } from '../../services/settings/data-service';
import { ImportConfirmDialog, type PendingImport } from './import-confirm-dialog';
import { ImportErrorAlert, type ImportError } from './import-error-alert';

const MAX_MB = Math.round(IMPORT_MAX_BYTES / (1024 * 1024));
const ERROR_TOAST_MS = 6000;

function errorOf(result: Exclude<ImportCheck, { ok: true }>): ImportError {
  const t = fr.settings.data;
  switch (result.code) {
    case 'too-big':
      return { message: t.tooBig(MAX_MB) };
    case 'unreadable-json':
      return { message: fr.data.unreadableJson };
    case 'missing-keys':
      return { message: fr.data.missingKeys };
    case 'duplicate-emails':
      return { message: t.duplicateEmails(result.emails) };
    case 'invalid-shape':
      return { message: t.invalidShape(result.issues.total), issues: result.issues };
  }
}

/**
 * Spec part 1 point 5 "Import file": the file is read, validated and migrated first; nothing changes until
 * the person has seen what will be replaced and confirmed.
 */
export function ImportSection({ hasAllRights }: { hasAllRights: boolean }) {
  const [isReading, setIsReading] = useState(false);
  const [error, setError] = useState<ImportError | null>(null);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const toast = useToast();
  const t = fr.settings.data;
  const read = async (file: File) => {
    setIsReading(true);
    setError(null);
    const result = await checkImportFile(appDb(), file)
      .catch((): ImportError => ({ message: t.importFailed }))
      .finally(() => setIsReading(false));
    if ('message' in result) return setError(result);
    if (result.ok) return setPending({ fileName: file.name, store: result.store, summary: result.summary });
    const next = errorOf(result);
    setError(next);
    toast.show(next.message, 'error', ERROR_TOAST_MS);
  };
  return (
    <section className="settings-card" aria-labelledby="settings-import-title">
      <h2 id="settings-import-title">{t.importTitle}</h2>
      <p className="hint">{t.importHint}</p>
      {hasAllRights ? null : <p className="hint">{t.restoreNeedsAllRights}</p>}
      <div>
        <FileTrigger
          acceptedFileTypes={['application/json', '.json']}
          onSelect={(files) => {
            const file = files?.[0];
            if (file) void read(file);
          }}
        >
          <Button className="button secondary" isDisabled={isReading || !hasAllRights}>
            {isReading ? t.reading : t.importButton}
          </Button>
        </FileTrigger>
      </div>
      {error ? <ImportErrorAlert error={error} /> : null}
      {pending ? <ImportConfirmDialog pending={pending} onClose={() => setPending(null)} /> : null}
    </section>
  );
}

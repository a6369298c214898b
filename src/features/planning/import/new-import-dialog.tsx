import { Button, Form } from 'react-aria-components';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';
import { IMPORT_FILE_ACCEPT } from './import-file-types';
import { NewImportPeriodFields } from './new-import-period-fields';
import { SchoolBellQuestion } from './school-bell-question';
import { ReadProgressBar } from './read-progress-bar';
import { useNewImport, type NewImportCallbacks } from './use-new-import';

export type { ReadFile } from './use-new-import';

interface Props extends NewImportCallbacks {
  onClose: () => void;
}

/** "Nouvel import" (spec part 2 point 2): period, file, then reading in the worker with a progress bar. */
export function NewImportDialog({ onClose, onParsed, onManual }: Props) {
  const state = useNewImport({ onParsed, onManual });
  const { isReading, isShown, progress, failure } = state;
  const t = fr.planning.import;
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open || isReading ? undefined : onClose())}
      title={t.dialogTitle}
      isDismissable={!isReading}
    >
      <Form
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void state.submit();
        }}
        className="import-form"
      >
        <NewImportPeriodFields state={state} />
        <div className="select-field" data-invalid={isShown('file-required') || undefined}>
          <label htmlFor="import-file">{t.file}</label>
          <input
            id="import-file"
            type="file"
            accept={IMPORT_FILE_ACCEPT}
            disabled={isReading}
            aria-invalid={isShown('file-required') || undefined}
            aria-describedby="import-file-hint"
            onChange={(e) => state.setFile(e.target.files?.[0] ?? null)}
          />
          <p id="import-file-hint" className="hint">
            {t.fileHint}
          </p>
          {isShown('file-required') ? <p className="field-error">{t.fileRequired}</p> : null}
        </div>
        {progress ? <ReadProgressBar progress={progress} /> : null}
        {state.bellQuestion && !isReading ? (
          <AppDialog
            isOpen
            onOpenChange={(open) => (open ? undefined : void state.answerBell(null))}
            title={fr.importMapping.schoolBell.title}
          >
            <SchoolBellQuestion state={state} periods={state.bellQuestion} />
          </AppDialog>
        ) : null}
        {failure ? (
          <div className="form-error" role="alert">
            <p className="import-error-text">{failure.message}</p>
            {failure.manual ? (
              <Button className="button secondary small" onPress={state.openManual}>
                {t.manual.title}
              </Button>
            ) : null}
          </div>
        ) : null}
        <div className="dialog-actions">
          {isReading ? (
            <Button className="button secondary" onPress={state.stop}>
              {t.stopReading}
            </Button>
          ) : (
            <Button className="button secondary" onPress={onClose}>
              {t.cancel}
            </Button>
          )}
          <Button className="button primary" type="submit" isDisabled={isReading}>
            {t.analyse}
          </Button>
        </div>
      </Form>
    </AppDialog>
  );
}

import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { ImportPeriod } from '../../../domain/planning/import-form';
import { randomId } from '../../../domain/secrets';
import type { ParsedFile, SheetGrid } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import { useToast } from '../../../ui/toast';
import { ManualLayoutDialog } from './manual-layout-dialog';
import { NewImportDialog, type ReadFile } from './new-import-dialog';
import { VerificationDialog } from './verification-dialog';

type Step =
  | { kind: 'idle' }
  | { kind: 'form' }
  | { kind: 'manual'; read: ReadFile; sheets: SheetGrid[] }
  | {
      kind: 'verify';
      read: ReadFile;
      parsed: ParsedFile;
      emptySheets: string[];
      importId: string;
    };

/** /planning/importer (spec part 2 point 2): "Nouvel import" -> reading -> "Vérification des références". */
export function ImporterPage() {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const toast = useToast();
  const t = fr.planning.import;
  const verify = (read: ReadFile, parsed: ParsedFile, emptySheets: string[]) => {
    toast.show(t.analysed);
    setStep({ kind: 'verify', read, parsed, emptySheets, importId: randomId('imp-') });
  };
  const close = () => setStep({ kind: 'idle' });
  return (
    <section className="import-page" aria-labelledby="import-title">
      <div className="import-head">
        <div>
          <h2 id="import-title">{t.title}</h2>
          <p className="hint">{t.intro}</p>
        </div>
        <Button className="button primary" onPress={() => setStep({ kind: 'form' })}>
          {t.newImport}
        </Button>
      </div>
      {step.kind === 'form' ? (
        <NewImportDialog
          onClose={close}
          onParsed={({ parsed, emptySheets, ...read }) => verify(read, parsed, emptySheets)}
          onManual={({ sheets, ...read }) => setStep({ kind: 'manual', read, sheets })}
        />
      ) : null}
      {step.kind === 'manual' ? (
        <ManualLayoutDialog
          sheets={step.sheets}
          onBack={close}
          onParsed={(parsed) => verify(step.read, parsed, [])}
        />
      ) : null}
      {step.kind === 'verify' ? (
        <VerificationDialog
          parsed={step.parsed}
          period={step.read.period satisfies ImportPeriod}
          fileName={step.read.fileName}
          importId={step.importId}
          emptySheets={step.emptySheets}
          onClose={close}
          onSaved={close}
        />
      ) : null}
    </section>
  );
}

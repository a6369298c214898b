import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { ImportPeriod } from '../../../domain/planning/import-form';
import { tablesOfPeriod } from '../../../domain/planning/import-weeks';
import { randomId } from '../../../domain/secrets';
import type { ParsedFile, SheetGrid } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import { useToast } from '../../../ui/toast';
import { ImportInvitationsDialog } from './import-invitations-dialog';
import { useSavedMappings } from './import-mappings';
import { ManualLayoutDialog } from './manual-layout-dialog';
import { NewImportDialog, type ReadFile } from './new-import-dialog';
import { savedMappingOf, type MappingInUse } from './use-guided-mapping';
import { VerificationDialog } from './verification-dialog';
import './import.css';

/** A reading under verification, with the file's grids to correct it by hand. */
interface Verify {
  read: ReadFile;
  parsed: ParsedFile;
  emptySheets: string[];
  sheets: SheetGrid[];
  importId: string;
  /** The guided mapping this reading came from, if any ("Corriger la lecture…" opens on it). */
  mapping?: MappingInUse;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'form' }
  /** The guided mapping: nothing was read (`correcting` null), or a reading is corrected. */
  | { kind: 'manual'; read: ReadFile; sheets: SheetGrid[]; correcting: Verify | null }
  | ({ kind: 'verify' } & Verify)
  /** Saved: the invitations of the teachers it created, to hand out (issue 29). */
  | { kind: 'invitations'; userIds: readonly string[] };

/** /planning/importer (spec part 2 point 2): "Nouvel import" -> reading -> "Vérification des références". */
export function ImporterPage() {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const toast = useToast();
  const savedMappings = useSavedMappings();
  const t = fr.planning.import;
  const verify = (next: Omit<Verify, 'importId'> & { importId?: string }) => {
    toast.show(t.analysed);
    setStep({ kind: 'verify', ...next, importId: next.importId ?? randomId('imp-') });
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
          onParsed={({ parsed, emptySheets, sheets, ...read }) =>
            verify({ read, parsed, emptySheets, sheets })
          }
          onManual={({ sheets, ...read }) => setStep({ kind: 'manual', read, sheets, correcting: null })}
        />
      ) : null}
      {step.kind === 'manual' ? (
        <ManualLayoutDialog
          sheets={step.sheets}
          isCorrecting={step.correcting !== null}
          // A correction opens on the mapping in use: the one just applied, else the one saved for the shape.
          initial={
            step.correcting ? (step.correcting.mapping ?? savedMappingOf(step.sheets, savedMappings)) : null
          }
          // Back from a correction: the reading as it was.
          onBack={() => (step.correcting ? setStep({ kind: 'verify', ...step.correcting }) : close())}
          // The mapping's reading replaces the file's; the import keeps its id (what was created carries it).
          onParsed={(parsed, used) =>
            verify({
              read: step.read,
              // As the automatic reading: the chosen week (or month) of a file that dates several weeks.
              parsed: tablesOfPeriod(parsed, step.read.period),
              emptySheets: [],
              sheets: step.sheets,
              mapping: used,
              ...(step.correcting ? { importId: step.correcting.importId } : {}),
            })
          }
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
          onSaved={(userIds) => (userIds.length > 0 ? setStep({ kind: 'invitations', userIds }) : close())}
          {...(step.sheets.length > 0
            ? {
                onCorrect: () =>
                  setStep({ kind: 'manual', read: step.read, sheets: step.sheets, correcting: step }),
              }
            : {})}
        />
      ) : null}
      {step.kind === 'invitations' ? (
        <ImportInvitationsDialog userIds={step.userIds} onClose={close} />
      ) : null}
    </section>
  );
}

import { Button } from 'react-aria-components';
import { assignableTeachers } from '../../../domain/planning/bulk-assign';
import type { ImportPeriod } from '../../../domain/planning/import-form';
import type { ParsedFile } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';
import { ConflictsDialog } from './conflicts-dialog';
import { ContractWarningList } from './contract-warning-list';
import { DetectedSections } from './detected-sections';
import { ImportPreview } from './import-preview';
import { MissingPlaces } from './missing-places';
import { MissingReferences } from './missing-references';
import { ReimportDialog } from './reimport-dialog';
import { UnassignedCourses } from './unassigned-courses';
import { useVerification, type Verification } from './use-verification';

const NO_LEGENDS = { module: new Map<string, string>(), teacher: new Map<string, string>() };

interface Props {
  parsed: ParsedFile;
  period: ImportPeriod;
  fileName: string;
  /** Id of the planning import once saved; the items created here already carry it. */
  importId: string;
  emptySheets: readonly string[];
  onClose: () => void;
  onSaved: (createdUserIds: readonly string[]) => void;
  /** Opens the guided mapping on the file's sheets; its reading replaces this one (absent: no sheets). */
  onCorrect?: () => void;
}

/** "Vérification des références" (spec part 2 points 2 and 4): fix names, create what is missing, preview, save. */
export function VerificationDialog({ emptySheets, onClose, onCorrect, ...input }: Props) {
  const verification = useVerification(input);
  const { data, resolution, rows, isBusy, pending, reimport } = verification;
  const t = fr.planning.import.verify;
  if (!data) return null;
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open || isBusy ? undefined : onClose())}
      title={t.title}
      size="large"
      isDismissable={false}
    >
      <div className="import-verify">
        {resolution === null ? (
          <p className="hint" role="status">
            {fr.importVerify.matching}
          </p>
        ) : (
          <>
            <p className="count-line">{t.summary(resolution.timetables.length, verification.slotCount)}</p>
            {resolution.skippedCount > 0 ? (
              <p className="import-skipped" role="status">
                {t.skipped(resolution.skippedCount)}
              </p>
            ) : null}
          </>
        )}
        {emptySheets.length > 0 ? <p className="hint">{t.readWarnings(emptySheets.join(', '))}</p> : null}
        {onCorrect ? (
          <p className="hint">
            {t.correctHint}{' '}
            <Button className="button secondary small" onPress={onCorrect} isDisabled={verification.isBusy}>
              {t.correct}
            </Button>
          </p>
        ) : null}
        {/* Said first: nothing can be created until then, and the detected lists can be long. */}
        {resolution !== null && verification.missingCount > 0 && verification.placesNotice === 'noPlaces' ? (
          <MissingPlaces
            available={{ levels: data.levels.length, institutes: data.institutes.length }}
            isBusy={isBusy}
          />
        ) : null}
        <DetectedSections verification={verification} />
        <UnassignedCourses
          groups={verification.unassigned}
          teachers={activeTeachers(verification)}
          assignments={verification.assignments}
          onAssign={verification.assign}
        />
        {resolution === null ? null : <MissingSection verification={verification} />}
        <ContractWarningList warnings={verification.warnings} names={verification.names} />
        {rows === null ? null : (
          <ImportPreview
            rows={rows}
            moduleNames={verification.previewLists?.moduleNames ?? []}
            teacherNames={verification.previewLists?.teacherNames ?? []}
            legends={verification.previewLists?.legends ?? NO_LEGENDS}
            period={input.period}
            deliveryModes={verification.deliveryModes}
            onDeliveryChange={verification.setDelivery}
          />
        )}
      </div>
      <VerificationActions verification={verification} onClose={onClose} />
      {pending ? (
        <ConflictsDialog
          conflicts={pending.conflicts}
          teacherName={(id) => verification.names.teachers.get(id) ?? id}
          describe={verification.describe}
          onCancel={verification.cancelConflicts}
          onConfirm={verification.confirmConflicts}
        />
      ) : null}
      {reimport ? (
        <ReimportDialog
          classCount={reimport.classCount}
          onCancel={verification.cancelReimport}
          onChoose={verification.chooseReimport}
        />
      ) : null}
    </AppDialog>
  );
}

/** What is missing, each with its small form, and why "Créer" waits when a form is not complete. */
function MissingSection({ verification }: { verification: Verification }) {
  const { data, missing, missingCount, unmatchedTeachers } = verification;
  const t = fr.planning.import.verify;
  if (!data) return null;
  return (
    <>
      {missingCount === 0 ? (
        <p className="form-success">{t.allFound}</p>
      ) : (
        <>
          <MissingReferences
            missing={missing}
            levels={data.levels}
            institutes={data.institutes}
            profiles={data.profiles}
            existingEmails={verification.existingEmails}
            choices={verification.choices}
            defaults={verification.defaults}
            suggestedPlace={verification.suggestedPlace}
            onChange={verification.setChoices}
          />
          {missing.teachers.length > 0 ? <p className="hint">{t.passwordNote}</p> : null}
          {verification.placesNotice === 'placeRequired' ? (
            <p className="hint" role="status">
              {t.placeRequired}
            </p>
          ) : null}
          {verification.teachersComplete ? null : (
            <p className="hint" role="status">
              {fr.importVerify.teacherFormIncomplete}
            </p>
          )}
        </>
      )}
      {unmatchedTeachers.length > 0 ? (
        <p className="form-error" role="alert">
          {fr.importVerify.unmatchedTeachers(unmatchedTeachers.length)}
        </p>
      ) : null}
    </>
  );
}

function VerificationActions({ verification, onClose }: { verification: Verification; onClose: () => void }) {
  const { isBusy, isReady, missingCount, slotCount } = verification;
  const t = fr.planning.import.verify;
  return (
    <div className="dialog-actions">
      {isReady ? null : (
        <span className="hint" role="status">
          {fr.importVerify.updating}
        </span>
      )}
      <Button className="button secondary" onPress={onClose} isDisabled={isBusy}>
        {fr.planning.import.cancel}
      </Button>
      {missingCount > 0 ? (
        <Button
          className="button primary"
          onPress={() => void verification.createMissing()}
          isDisabled={isBusy || !isReady || !verification.placesComplete || !verification.teachersComplete}
        >
          {t.create}
        </Button>
      ) : null}
      <Button
        className={missingCount > 0 ? 'button secondary' : 'button primary'}
        onPress={() => void verification.requestSave()}
        isDisabled={isBusy || !isReady || slotCount === 0}
      >
        {t.save}
      </Button>
    </div>
  );
}

/**
 * The people a course "à affecter" can be given to: active users of a teacher-type profile, by name (the rule
 * of Consulter's bulk assignment and of the server, domain/planning/bulk-assign).
 */
function activeTeachers(verification: Verification) {
  return assignableTeachers(verification.data?.users ?? [], verification.data?.profiles ?? []).map((u) => ({
    id: u.id,
    name: u.name,
  }));
}

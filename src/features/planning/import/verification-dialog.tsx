import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { IMPORTED_TEACHER_PASSWORD } from '../../../config';
import { appDb } from '../../../db/database';
import { contractWarnings } from '../../../domain/contracts/contract-warnings';
import type { ImportPeriod } from '../../../domain/planning/import-form';
import {
  applyNameChanges,
  detectedClasses,
  missingPlacesComplete,
  NO_NAME_CHANGES,
  type NameChanges,
} from '../../../domain/planning/import-renames';
import { earlierImportTimetables } from '../../../domain/planning/import-replace';
import { teacherProfileId } from '../../../domain/planning/import-references';
import {
  buildImportTimetables,
  importConflicts,
  importPreviewRows,
} from '../../../domain/planning/import-timetables';
import { randomId } from '../../../domain/secrets';
import type { DeliveryMode, Timetable } from '../../../domain/store/schema';
import { referenceKey, resolveReferences, type ParsedFile } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import { createImportReferences, saveImport } from '../../../services/planning-import';
import { useSignedInSession } from '../../../session/use-session';
import { AppDialog } from '../../../ui/app-dialog';
import { useToast } from '../../../ui/toast';
import { ConflictsDialog } from './conflicts-dialog';
import { ContractWarningList } from './contract-warning-list';
import { DetectedClasses } from './detected-classes';
import { ReimportDialog } from './reimport-dialog';
import { ImportPreview } from './import-preview';
import { MissingReferences, type MissingChoices } from './missing-references';
import { useImportData } from './use-import-data';

interface Props {
  parsed: ParsedFile;
  period: ImportPeriod;
  fileName: string;
  /** Id of the planning import once saved; the items created here already carry it. */
  importId: string;
  emptySheets: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

const NO_CHOICES: MissingChoices = { classes: {}, modules: {}, teachers: {} };

/** "Vérification des références" (spec part 2 points 2 and 4): create what is missing, preview, save. */
export function VerificationDialog({
  parsed,
  period,
  fileName,
  importId,
  emptySheets,
  onClose,
  onSaved,
}: Props) {
  const data = useImportData();
  const session = useSignedInSession();
  const toast = useToast();
  const [choices, setChoices] = useState<MissingChoices>(NO_CHOICES);
  const [deliveryModes, setDeliveryModes] = useState<ReadonlyMap<string, DeliveryMode>>(new Map());
  const [created, setCreated] = useState({
    classIds: [] as string[],
    moduleIds: [] as string[],
    userIds: [] as string[],
  });
  const [pending, setPending] = useState<{
    candidates: Timetable[];
    conflicts: ReturnType<typeof importConflicts>;
    replaceEarlier: boolean;
  } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [renames, setRenames] = useState<NameChanges>(NO_NAME_CHANGES);
  const [reimport, setReimport] = useState<{ candidates: Timetable[]; classCount: number } | null>(null);
  const t = fr.planning.import.verify;
  const detected = useMemo(() => detectedClasses(parsed), [parsed]);
  const named = useMemo(() => applyNameChanges(parsed, renames), [parsed, renames]);

  const resolution = useMemo(
    () =>
      resolveReferences(named, {
        classes: data?.classes ?? [],
        courseModules: data?.courseModules ?? [],
        users: data?.users ?? [],
      }),
    [named, data?.classes, data?.courseModules, data?.users],
  );
  const names = useMemo(
    () => ({
      classes: new Map((data?.classes ?? []).map((c) => [c.id, c.code])),
      modules: new Map((data?.courseModules ?? []).map((m) => [m.id, m.name])),
      teachers: new Map((data?.users ?? []).map((u) => [u.id, u.name])),
    }),
    [data?.classes, data?.courseModules, data?.users],
  );
  const rows = useMemo(() => importPreviewRows(resolution, names), [resolution, names]);
  const build = (newId: (prefix: string) => string) =>
    buildImportTimetables({
      resolution,
      period,
      importId,
      now: new Date().toISOString(),
      newId,
      deliveryModes,
    });
  const warnings = useMemo(() => {
    let n = 0;
    const candidates = buildImportTimetables({
      resolution,
      period,
      importId,
      now: '',
      newId: (p) => `${p}preview-${(n += 1)}`,
      deliveryModes: new Map(),
    });
    return contractWarnings({
      candidates,
      timetables: data?.timetables ?? [],
      contracts: data?.contracts ?? [],
    });
  }, [resolution, period, importId, data?.timetables, data?.contracts]);

  if (!data) return null;
  const slotCount = resolution.timetables.reduce((n, tt) => n + tt.slots.length, 0);
  const missingCount =
    resolution.missingClasses.length + resolution.missingModules.length + resolution.missingTeachers.length;
  const defaults = {
    place: { levelId: data.levels[0]?.id ?? null, instituteId: data.institutes[0]?.id ?? null },
    teacher: { email: '', profileId: teacherProfileId(data.profiles) },
  };
  const actor = { id: session?.user.id ?? null, name: session?.user.name ?? null };
  const placeOf = (kind: 'classes' | 'modules') => (name: string) =>
    choices[kind][referenceKey(name)] ?? defaults.place;
  // Classes and modules are never created without their level and institute.
  const placesComplete =
    missingPlacesComplete(resolution.missingClasses, placeOf('classes')) &&
    missingPlacesComplete(resolution.missingModules, placeOf('modules'));
  const needsPlaces = resolution.missingClasses.length + resolution.missingModules.length > 0;
  const noPlaces = needsPlaces && (data.levels.length === 0 || data.institutes.length === 0);

  const createMissing = async () => {
    setIsBusy(true);
    try {
      const place = (kind: 'classes' | 'modules', name: string) => ({
        name,
        ...(choices[kind][referenceKey(name)] ?? defaults.place),
      });
      const result = await createImportReferences(appDb(), {
        classes: resolution.missingClasses.map((name) => place('classes', name)),
        modules: resolution.missingModules.map((name) => place('modules', name)),
        teachers: resolution.missingTeachers.map((name) => ({
          name,
          ...(choices.teachers[referenceKey(name)] ?? defaults.teacher),
        })),
        importId,
        actor,
      });
      setCreated((c) => ({
        classIds: [...c.classIds, ...result.classes.map((x) => x.id)],
        moduleIds: [...c.moduleIds, ...result.courseModules.map((x) => x.id)],
        userIds: [...c.userIds, ...result.users.map((x) => x.id)],
      }));
      toast.show(t.created);
    } catch {
      toast.show(t.createFailed, 'error');
    } finally {
      setIsBusy(false);
    }
  };

  const save = async (candidates: Timetable[], withConflicts: boolean, replaceEarlier = false) => {
    setIsBusy(true);
    try {
      if (warnings.length > 0) console.warn('Avertissements contrats (import)', warnings);
      const createdAt = new Date().toISOString();
      const plan = await saveImport(appDb(), {
        planningImport: { id: importId, ...period, fileName, createdAt },
        timetables: candidates,
        created,
        replaceEarlier,
      });
      toast.show(plan !== null ? t.replaced(plan.kept) : withConflicts ? t.savedWithConflicts : t.saved);
      onSaved();
    } catch {
      toast.show(t.saveFailed, 'error');
      setIsBusy(false);
    }
  };

  const checkConflicts = async (candidates: Timetable[], replaceEarlier: boolean) => {
    // Replaced timetables will not be there any more: they conflict with nothing.
    const earlier = new Set(
      replaceEarlier ? earlierImportTimetables(candidates, data.timetables).map((tt) => tt.id) : [],
    );
    const stored = data.timetables.filter((tt) => !earlier.has(tt.id));
    const conflicts = importConflicts(candidates, stored, period);
    if (conflicts.length > 0) setPending({ candidates, conflicts, replaceEarlier });
    else await save(candidates, false, replaceEarlier);
  };

  const requestSave = async () => {
    const candidates = build(randomId);
    if (candidates.length === 0) {
      toast.show(t.nothingToSave, 'error');
      return;
    }
    // The period already holds an import for some of these classes: ask, never double silently.
    const earlier = earlierImportTimetables(candidates, data.timetables);
    if (earlier.length > 0) {
      setReimport({ candidates, classCount: new Set(earlier.map((tt) => tt.classId)).size });
      return;
    }
    await checkConflicts(candidates, false);
  };

  const describe = (ref: { timetableId: string; slotIndex: number }) => {
    const timetable =
      pending?.candidates.find((c) => c.id === ref.timetableId) ??
      data.timetables.find((c) => c.id === ref.timetableId);
    const slot = timetable?.slots[ref.slotIndex];
    if (!timetable || !slot) return ref.timetableId;
    return `${names.classes.get(timetable.classId) ?? '?'} ${slot.startTime}–${slot.endTime} (${names.modules.get(slot.moduleId) ?? '?'})`;
  };

  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open || isBusy ? undefined : onClose())}
      title={t.title}
      size="large"
      isDismissable={false}
    >
      <div className="import-verify">
        <p className="count-line">{t.summary(resolution.timetables.length, slotCount)}</p>
        {resolution.skippedCount > 0 ? (
          <p className="import-skipped" role="status">
            {t.skipped(resolution.skippedCount)}
          </p>
        ) : null}
        {emptySheets.length > 0 ? <p className="hint">{t.readWarnings(emptySheets.join(', '))}</p> : null}
        <DetectedClasses
          detected={detected}
          classes={data.classes}
          renames={renames.classes}
          onRename={(name, next) =>
            setRenames((r) => ({ ...r, classes: { ...r.classes, [referenceKey(name)]: next } }))
          }
        />
        {missingCount === 0 ? (
          <p className="form-success">{t.allFound}</p>
        ) : (
          <>
            <MissingReferences
              missing={{
                classes: resolution.missingClasses,
                modules: resolution.missingModules,
                teachers: resolution.missingTeachers,
              }}
              levels={data.levels}
              institutes={data.institutes}
              profiles={data.profiles}
              existingEmails={data.users.map((u) => u.email)}
              choices={choices}
              defaults={defaults}
              onChange={setChoices}
            />
            {resolution.missingTeachers.length > 0 ? (
              <p className="hint">{t.passwordNote(IMPORTED_TEACHER_PASSWORD)}</p>
            ) : null}
            {noPlaces ? (
              <p className="form-error" role="alert">
                {t.noPlaces}
              </p>
            ) : needsPlaces && !placesComplete ? (
              <p className="hint" role="status">
                {t.placeRequired}
              </p>
            ) : null}
          </>
        )}
        <ContractWarningList warnings={warnings} names={names} />
        <ImportPreview
          rows={rows}
          period={period}
          deliveryModes={deliveryModes}
          onDeliveryChange={(key, mode) => setDeliveryModes((m) => new Map(m).set(key, mode))}
        />
      </div>
      <div className="dialog-actions">
        <Button className="button secondary" onPress={onClose} isDisabled={isBusy}>
          {fr.planning.import.cancel}
        </Button>
        {missingCount > 0 ? (
          <Button
            className="button primary"
            onPress={() => void createMissing()}
            isDisabled={isBusy || !placesComplete}
          >
            {t.create}
          </Button>
        ) : null}
        <Button
          className={missingCount > 0 ? 'button secondary' : 'button primary'}
          onPress={() => void requestSave()}
          isDisabled={isBusy || slotCount === 0}
        >
          {t.save}
        </Button>
      </div>
      {pending ? (
        <ConflictsDialog
          conflicts={pending.conflicts}
          teacherName={(id) => names.teachers.get(id) ?? id}
          describe={describe}
          onCancel={() => setPending(null)}
          onConfirm={() => save(pending.candidates, true, pending.replaceEarlier)}
        />
      ) : null}
      {reimport ? (
        <ReimportDialog
          classCount={reimport.classCount}
          onCancel={() => setReimport(null)}
          onChoose={(replaceEarlier) => {
            const { candidates } = reimport;
            setReimport(null);
            void checkConflicts(candidates, replaceEarlier);
          }}
        />
      ) : null}
    </AppDialog>
  );
}

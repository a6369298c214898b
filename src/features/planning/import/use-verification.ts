import { useMemo, useState } from 'react';
import { appDb } from '../../../db/database';
import type { ContractWarning } from '../../../domain/contracts/contract-warnings';
import type { TeacherConflict } from '../../../domain/planning/conflicts';
import type { ImportPeriod } from '../../../domain/planning/import-form';
import { teacherDraftIssue, teacherProfileId } from '../../../domain/planning/import-references';
import { checkPlaces } from '../../../domain/planning/import-places';
import { moduleClassNames, moduleLevel, suggestLevel } from '../../../domain/planning/level-suggestion';
import {
  NO_NAME_FIXES,
  userMatchingText,
  type NameFixes,
  type NameKind,
} from '../../../domain/planning/import-renames';
import { earlierImportTimetables } from '../../../domain/planning/import-replace';
import { unassignedGroups } from '../../../domain/planning/unassigned';
import { buildImportTimetables } from '../../../domain/planning/import-timetables';
import { randomId } from '../../../domain/secrets';
import type { DeliveryMode, Timetable } from '../../../domain/store/schema';
import { referenceKey, type ParsedFile } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';
import { createImportReferences, saveImport } from '../../../services/planning-import';
import { useSignedInSession } from '../../../session/use-session';
import { useToast } from '../../../ui/toast';
import type { MissingChoices, PlaceChoice, SuggestedPlace, TeacherChoice } from './missing-references';
import { useImportData } from './use-import-data';
import { useVerificationDerived } from './use-verification-derived';
import type { WarningSources } from './verification-derive';

export interface VerificationInput {
  parsed: ParsedFile;
  period: ImportPeriod;
  fileName: string;
  /** Id of the planning import once saved; the items created here already carry it. */
  importId: string;
  /** Given the teachers the import created: their invitations are handed out next (issue 29). */
  onSaved: (createdUserIds: readonly string[]) => void;
}

const NO_CHOICES: MissingChoices = { classes: {}, modules: {}, teachers: {} };
const NO_TEXTS: Readonly<Record<string, string>> = {};
const NO_WARNINGS: readonly ContractWarning[] = [];

/**
 * Everything "Vérification des références" holds and does (spec part 2 points 2 and 4): names fixed by hand,
 * the forms of what is missing, delivery types, then create, save, re-import and conflicts. The views only draw.
 */
export function useVerification({ parsed, period, fileName, importId, onSaved }: VerificationInput) {
  const data = useImportData();
  const session = useSignedInSession();
  const toast = useToast();
  const t = fr.planning.import.verify;
  const [choices, setChoices] = useState<MissingChoices>(NO_CHOICES);
  const [deliveryModes, setDeliveryModes] = useState<ReadonlyMap<string, DeliveryMode>>(new Map());
  const [created, setCreated] = useState({
    classIds: [] as string[],
    moduleIds: [] as string[],
    userIds: [] as string[],
  });
  const [pending, setPending] = useState<{
    candidates: Timetable[];
    conflicts: TeacherConflict[];
    replaceEarlier: boolean;
  } | null>(null);
  const [reimport, setReimport] = useState<{ candidates: Timetable[]; classCount: number } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [fixes, setFixes] = useState<NameFixes>(NO_NAME_FIXES);
  // Teachers chosen for the courses the file leaves "à affecter", by module and class (issue 30 item 5).
  const [assignments, setAssignments] = useState<Readonly<Record<string, string>>>(NO_TEXTS);
  const unassigned = useMemo(() => unassignedGroups(parsed), [parsed]);
  const assignedFixes = useMemo(() => ({ ...fixes, assignments }), [fixes, assignments]);
  // What is typed in a teacher's "Associer à" field, by the file's folded name (a user is found on a match).
  const [teacherTexts, setTeacherTexts] = useState(NO_TEXTS);

  // Matched again only when what matching reads changed: a sync writing other tables (timetables, logs)
  // re-reads these lists too, and must neither recompute 3,600 courses nor grey out "Enregistrer" meanwhile.
  const signature =
    data === undefined
      ? ''
      : [
          ...data.classes.map((c) => `c|${c.id}|${c.code}`),
          ...data.courseModules.map((m) => `m|${m.id}|${m.name}|${m.code ?? ''}`),
          ...data.users.map((u) => `u|${u.id}|${u.name}|${u.email}|${u.status}`),
        ].join('\n');
  const references = useMemo(
    () =>
      data === undefined
        ? undefined
        : { classes: data.classes, courseModules: data.courseModules, users: data.users },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the content, not on each re-read
    [signature],
  );
  // Contract warnings are a side note: the worker computes them with the resolution, never in the dialog's way.
  const timetables = data?.timetables;
  const contracts = data?.contracts;
  const substitutions = data?.substitutions;
  const liveSources = useMemo(
    () =>
      timetables === undefined || contracts === undefined
        ? undefined
        : { period, importId, timetables, contracts, ...(substitutions ? { substitutions } : {}) },
    [period, importId, timetables, contracts, substitutions],
  );
  // While saving, the warnings stay those of what is being saved: the store then holds the import itself
  // (the preview would count it twice), and the save does not send every timetable to the worker again.
  const [savingSources, setSavingSources] = useState<WarningSources | null>(null);
  const sources = savingSources ?? liveSources;
  const {
    detected,
    derived,
    isStale,
    conflicts: conflictsOf,
  } = useVerificationDerived(parsed, assignedFixes, references, sources);
  const resolution = derived?.resolution ?? null;
  const names = useMemo(
    () => ({
      classes: new Map((data?.classes ?? []).map((c) => [c.id, c.code])),
      modules: new Map((data?.courseModules ?? []).map((m) => [m.id, m.name])),
      teachers: new Map((data?.users ?? []).map((u) => [u.id, u.name])),
    }),
    [data?.classes, data?.courseModules, data?.users],
  );
  const warnings = derived?.warnings ?? NO_WARNINGS;

  const defaults = useMemo(
    () => ({
      place: {
        levelId: data?.levels[0]?.id ?? null,
        instituteId: data?.institutes[0]?.id ?? null,
      } satisfies PlaceChoice,
      teacher: { email: '', profileId: teacherProfileId(data?.profiles ?? []) } satisfies TeacherChoice,
    }),
    [data?.levels, data?.institutes, data?.profiles],
  );
  const existingEmails = useMemo(() => (data?.users ?? []).map((u) => u.email), [data?.users]);

  const missing = {
    classes: resolution?.missingClasses ?? [],
    modules: resolution?.missingModules ?? [],
    teachers: resolution?.missingTeachers ?? [],
  };
  const slotCount = resolution?.timetables.reduce((n, tt) => n + tt.slots.length, 0) ?? 0;
  const missingCount = missing.classes.length + missing.modules.length + missing.teachers.length;
  // Issue 33 point 5: each class starts on the level its name suggests ("BTS-COM1" -> BTS), each module on the
  // level of its classes (no level, "Plusieurs niveaux", when they differ); the first level otherwise.
  const moduleClasses = useMemo(() => moduleClassNames(parsed), [parsed]);
  const classLevels = useMemo(
    () => new Map((data?.classes ?? []).map((c) => [referenceKey(c.code), c.levelId ?? null])),
    [data?.classes],
  );
  const suggestedPlace = (kind: 'classes' | 'modules', name: string): SuggestedPlace => {
    const levels = data?.levels ?? [];
    if (kind === 'classes') {
      const levelId = suggestLevel(name, levels);
      return { ...defaults.place, levelId: levelId ?? defaults.place.levelId, suggested: levelId !== null };
    }
    const classLevelIds = (moduleClasses.get(referenceKey(name)) ?? []).map((className) => {
      const key = referenceKey(className);
      const stored = classLevels.get(key);
      if (stored !== undefined) return stored;
      return (choices.classes[key] ?? suggestedPlace('classes', className)).levelId;
    });
    const level = moduleLevel(classLevelIds);
    if (level === null) return { ...defaults.place, suggested: false };
    return { ...defaults.place, levelId: level.several ? null : level.levelId, suggested: true };
  };
  const placeOf = (kind: 'classes' | 'modules') => (name: string) =>
    choices[kind][referenceKey(name)] ?? suggestedPlace(kind, name);
  const teacherOf = (name: string) => choices.teachers[referenceKey(name)] ?? defaults.teacher;
  // Nothing is created from a half-filled form: classes and modules need their level and institute,
  // teachers a profile and an e-mail that is empty (generated) or valid and free.
  const places = checkPlaces({
    classes: missing.classes,
    modules: missing.modules,
    placeOf: (kind, name) => placeOf(kind)(name),
    available: data ? { levels: data.levels.length, institutes: data.institutes.length } : undefined,
  });
  const placesComplete = places.complete;
  const teachersComplete = missing.teachers.every((name) => {
    const choice = teacherOf(name);
    return choice.profileId !== null && teacherDraftIssue(choice.email, existingEmails) === null;
  });
  // A teacher's "Associer à" text that designates no one is an unfinished choice: it blocks create and save.
  const unmatchedTeachers = Object.entries(teacherTexts)
    .filter(([, text]) => text.trim() !== '' && userMatchingText(data?.users ?? [], text) === null)
    .map(([key]) => key);
  const isReady = data !== undefined && resolution !== null && !isStale && unmatchedTeachers.length === 0;

  const rename = (kind: NameKind, name: string, text: string) => {
    const key = referenceKey(name);
    setFixes((f) => ({
      renames: { ...f.renames, [kind]: { ...f.renames[kind], [key]: text } },
      mappings: { ...f.mappings, [kind]: withoutKey(f.mappings[kind], key) },
    }));
    if (kind === 'teachers') setTeacherTexts((texts) => withoutKey(texts, key));
  };
  const mapTo = (kind: NameKind, name: string, id: string | null) => {
    const key = referenceKey(name);
    setFixes((f) => ({
      renames: { ...f.renames, [kind]: withoutKey(f.renames[kind], key) },
      mappings: {
        ...f.mappings,
        [kind]: id === null ? withoutKey(f.mappings[kind], key) : { ...f.mappings[kind], [key]: id },
      },
    }));
  };
  const mapTeacherText = (name: string, text: string) => {
    const key = referenceKey(name);
    setTeacherTexts((texts) => ({ ...texts, [key]: text }));
    mapTo('teachers', name, userMatchingText(data?.users ?? [], text)?.id ?? null);
  };

  const createMissing = async () => {
    if (!isReady || !placesComplete || !teachersComplete) return;
    setIsBusy(true);
    try {
      const place = (kind: 'classes' | 'modules', name: string) => {
        const { levelId, instituteId } = placeOf(kind)(name);
        return { name, levelId, instituteId };
      };
      const result = await createImportReferences(appDb(), {
        classes: missing.classes.map((name) => place('classes', name)),
        modules: missing.modules.map((name) => place('modules', name)),
        teachers: missing.teachers.map((name) => ({ name, ...teacherOf(name) })),
        importId,
        actor: { id: session?.user.id ?? null, name: session?.user.name ?? null },
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
    setSavingSources((held) => held ?? sources ?? null);
    try {
      if (warnings.length > 0) console.warn('Avertissements contrats (import)', warnings);
      const plan = await saveImport(appDb(), {
        // Who imported it, for the journal (issue 33 point 8); written by the device, as the import itself.
        planningImport: {
          id: importId,
          ...period,
          fileName,
          createdAt: new Date().toISOString(),
          actorUserId: session?.user.id ?? null,
          actorUserName: session?.user.name ?? null,
        },
        timetables: candidates,
        created,
        replaceEarlier,
      });
      toast.show(plan !== null ? t.replaced(plan.kept) : withConflicts ? t.savedWithConflicts : t.saved);
      onSaved(created.userIds);
    } catch {
      toast.show(t.saveFailed, 'error');
      setSavingSources(null);
      setIsBusy(false);
    }
  };

  const checkConflicts = async (candidates: Timetable[], replaceEarlier: boolean) => {
    const stored = data?.timetables ?? [];
    // Replaced timetables will not be there any more: they conflict with nothing.
    const earlier = new Set(
      replaceEarlier ? earlierImportTimetables(candidates, stored).map((tt) => tt.id) : [],
    );
    // Busy from here: the check runs in the worker, "Enregistrer" must not be pressed twice meanwhile.
    setIsBusy(true);
    setSavingSources(sources ?? null);
    let conflicts: TeacherConflict[];
    try {
      conflicts = await conflictsOf({
        candidates,
        stored: stored.filter((tt) => !earlier.has(tt.id)),
        period,
        substitutions: data?.substitutions ?? [],
      });
    } catch {
      toast.show(t.saveFailed, 'error');
      setSavingSources(null);
      setIsBusy(false);
      return;
    }
    if (conflicts.length > 0) {
      setSavingSources(null);
      setIsBusy(false);
      setPending({ candidates, conflicts, replaceEarlier });
    } else await save(candidates, false, replaceEarlier);
  };

  const requestSave = async () => {
    if (!isReady || resolution === null || data === undefined) return;
    // The dialog turns busy in this task (a re-render of a large dialog); the courses are built in the next
    // one: each stays well under a frame's 100 ms on a 120-class file.
    setIsBusy(true);
    await nextTask();
    const candidates = buildImportTimetables({
      resolution,
      period,
      importId,
      now: new Date().toISOString(),
      newId: randomId,
      deliveryModes,
    });
    if (candidates.length === 0) {
      toast.show(t.nothingToSave, 'error');
      setIsBusy(false);
      return;
    }
    // The period already holds an import for some of these classes: ask, never double silently.
    const earlier = earlierImportTimetables(candidates, data.timetables);
    if (earlier.length > 0) {
      setIsBusy(false);
      setReimport({ candidates, classCount: new Set(earlier.map((tt) => tt.classId)).size });
      return;
    }
    await checkConflicts(candidates, false);
  };

  const describe = (ref: { timetableId: string; slotIndex: number }) => {
    const timetable =
      pending?.candidates.find((c) => c.id === ref.timetableId) ??
      data?.timetables.find((c) => c.id === ref.timetableId);
    const slot = timetable?.slots[ref.slotIndex];
    if (!timetable || !slot) return ref.timetableId;
    return `${names.classes.get(timetable.classId) ?? '?'} ${slot.startTime}–${slot.endTime} (${names.modules.get(slot.moduleId) ?? '?'})`;
  };

  return {
    data,
    detected,
    resolution,
    rows: derived?.rows ?? null,
    previewLists: derived,
    isStale,
    names,
    warnings,
    fixes,
    teacherTexts,
    unmatchedTeachers,
    missing,
    missingCount,
    slotCount,
    choices,
    defaults,
    suggestedPlace,
    existingEmails,
    deliveryModes,
    placesComplete,
    teachersComplete,
    placesNotice: places.notice,
    isReady,
    isBusy,
    pending,
    reimport,
    setChoices,
    rename,
    mapTo,
    mapTeacherText,
    unassigned,
    assignments,
    assign: (key: string, userId: string | null) =>
      setAssignments((a) => (userId === null ? withoutKey(a, key) : { ...a, [key]: userId })),
    setDelivery: (key: string, mode: DeliveryMode) => setDeliveryModes((m) => new Map(m).set(key, mode)),
    createMissing,
    requestSave,
    describe,
    confirmConflicts: async () => {
      if (pending) await save(pending.candidates, true, pending.replaceEarlier);
    },
    cancelConflicts: () => setPending(null),
    cancelReimport: () => setReimport(null),
    chooseReimport: (replaceEarlier: boolean) => {
      if (reimport === null) return;
      setReimport(null);
      void checkConflicts(reimport.candidates, replaceEarlier);
    },
  };
}

export type Verification = ReturnType<typeof useVerification>;

/** Lets the page render and paint what is pending before going on (a macrotask, also in a hidden tab). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function withoutKey(record: Readonly<Record<string, string>>, key: string): Record<string, string> {
  const next = { ...record };
  delete next[key];
  return next;
}

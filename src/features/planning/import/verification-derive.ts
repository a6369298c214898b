import { frUnassigned } from '../../../i18n/fr-unassigned';
import {
  detectedClasses,
  detectedNames,
  resolveWithFixes,
  type DetectedClass,
  type DetectedName,
  type FixableReferences,
  type NameFixes,
} from '../../../domain/planning/import-renames';
import {
  contractWarnings,
  type ContractWarning,
  type SubstituteCourse,
} from '../../../domain/contracts/contract-warnings';
import type { TeacherConflict } from '../../../domain/planning/conflicts';
import type { ImportPeriod } from '../../../domain/planning/import-form';
import {
  buildImportTimetables,
  importPreviewRows,
  previewLegend,
  type ImportPreviewRow,
} from '../../../domain/planning/import-timetables';
import type { Contract, Timetable } from '../../../domain/store/schema';
import type { ParsedFile, ReferenceResolution } from '../../../domain/timetable-parsing';

/** The names read in the file, by kind: they depend on the file only, computed once. */
export interface DetectedNames {
  classes: DetectedClass[];
  modules: DetectedName[];
  teachers: DetectedName[];
}

/** What the verification dialog shows for one state of the fixed names and of the reference data. */
export interface Derived {
  resolution: ReferenceResolution;
  rows: ImportPreviewRow[];
  /** The preview's filter choices and legend colours, by module and by teacher name. */
  moduleNames: string[];
  teacherNames: string[];
  legends: { module: Map<string, string>; teacher: Map<string, string> };
  /** Contracts the import would exceed (a side note, never blocking); empty until the sources are known. */
  warnings: ContractWarning[];
}

/** What the contract warnings read besides the resolution: the import's period and the stored records. */
export interface WarningSources {
  period: ImportPeriod;
  importId: string;
  timetables: readonly Timetable[];
  contracts: readonly Contract[];
  /** Issue 35: the stored substitutions, planned time counted as given. */
  substitutions?: readonly SubstituteCourse[];
}

/** The contract warnings of the timetables this resolution would save (preview ids, nothing is saved). */
export function previewWarnings(resolution: ReferenceResolution, sources: WarningSources): ContractWarning[] {
  let n = 0;
  const candidates = buildImportTimetables({
    resolution,
    period: sources.period,
    importId: sources.importId,
    now: '',
    newId: (p) => `${p}preview-${(n += 1)}`,
    deliveryModes: new Map(),
  });
  return contractWarnings({
    candidates,
    timetables: sources.timetables,
    contracts: sources.contracts,
    ...(sources.substitutions ? { substitutions: sources.substitutions } : {}),
  });
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b, 'fr'));
}

export function detectAll(parsed: ParsedFile): DetectedNames {
  return {
    classes: detectedClasses(parsed),
    modules: detectedNames(parsed, 'modules'),
    teachers: detectedNames(parsed, 'teachers'),
  };
}

/** Only the fields matching needs: what crosses to the worker stays small. */
export function referencesForMatching(references: FixableReferences): FixableReferences {
  return {
    classes: references.classes.map(({ id, code }) => ({ id, code })),
    courseModules: references.courseModules.map(({ id, name, code }) =>
      code === undefined ? { id, name } : { id, name, code },
    ),
    users: references.users.map(({ id, name, email, status }) => ({
      id,
      name,
      ...(email === undefined ? {} : { email }),
      ...(status === undefined ? {} : { status }),
    })),
  };
}

/** The resolution with the names fixed by hand, and the preview rows named after the records. */
export function deriveVerification(
  parsed: ParsedFile,
  fixes: NameFixes,
  references: FixableReferences,
  sources: WarningSources | null = null,
): Derived {
  const resolution = resolveWithFixes(parsed, fixes, references);
  const rows = importPreviewRows(resolution, {
    modules: new Map(references.courseModules.map((m) => [m.id, m.name])),
    teachers: new Map(references.users.map((u) => [u.id, u.name])),
    unassigned: frUnassigned.teacher,
  });
  return {
    resolution,
    rows,
    moduleNames: distinct(rows.map((r) => r.moduleName)),
    teacherNames: distinct(rows.map((r) => r.teacherName)),
    legends: { module: previewLegend(rows, 'module'), teacher: previewLegend(rows, 'teacher') },
    warnings: sources === null ? [] : previewWarnings(resolution, sources),
  };
}

/** The timetables about to be saved, checked against those stored (the save's conflicts). */
export interface ConflictsQuestion {
  candidates: readonly Timetable[];
  stored: readonly Timetable[];
  period: ImportPeriod;
  /** Issue 35: the stored substitutions (a course given by a substitute is hers). */
  substitutions?: readonly SubstituteCourse[];
}

export type VerificationRequest =
  | { type: 'file'; parsed: ParsedFile }
  /** Kept by the worker for the next derivations (sent when the stored timetables or contracts change). */
  | { type: 'sources'; sources: WarningSources }
  | { type: 'derive'; id: number; fixes: NameFixes; references: FixableReferences }
  | ({ type: 'conflicts'; id: number } & ConflictsQuestion);

export type VerificationResponse =
  | { type: 'detected'; detected: DetectedNames }
  | { type: 'derived'; id: number; derived: Derived }
  | { type: 'conflicts'; id: number; conflicts: TeacherConflict[] };

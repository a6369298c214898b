import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { affectedCourses } from '../../domain/absences/affected-courses';
import {
  assignSubstitute,
  declareAbsence,
  substitutionId,
  type AbsenceResult,
} from '../../domain/absences/records';
import {
  rankSubstitutes,
  type CourseToCover,
  type Proposal,
  type Unavailable,
} from '../../domain/absences/substitute-ranking';
import { slotKeyOf } from '../../domain/calendar/feed-events';
import type { Absence, Substitution } from '../../domain/store/schema';

/**
 * Absences and substitutions on the device (issue 35, item 1): written locally with their outbox mutation
 * (offline too), sent with the next push; the server checks the rights again.
 */

export async function saveAbsence(
  db: AppDatabase,
  input: Omit<Parameters<typeof declareAbsence>[0], 'id'>,
): Promise<AbsenceResult> {
  const result = declareAbsence({ ...input, id: globalThis.crypto.randomUUID() });
  if (!result.ok) return result;
  await writeBatch(db, async (w) => {
    await w.put('absences', { ...result.value });
  });
  return result;
}

export async function saveSubstitution(
  db: AppDatabase,
  input: {
    course: CourseToCover;
    absence: Absence;
    substituteUserId: string | null;
    actorUserId: string;
    now: Date;
  },
): Promise<Substitution> {
  const record: Substitution = { ...assignSubstitute(input) };
  await writeBatch(db, async (w) => {
    await w.put('substitutions', record);
  });
  return record;
}

export interface AffectedCourse {
  course: CourseToCover;
  moduleName: string;
  className: string;
  room: string | null;
  substitution: Substitution | null;
  proposals: Proposal[];
  unavailable: Unavailable[];
}

export interface AbsenceOverview {
  absence: Absence;
  teacherName: string;
  courses: AffectedCourse[];
}

/** The absences from `fromDate` on, each with its courses and, for each, the substitutes ranked. */
export async function absenceOverview(db: AppDatabase, fromDate: string): Promise<AbsenceOverview[]> {
  const [absences, timetables, users, profiles, classes, modules, contracts, substitutions] =
    await Promise.all([
      db.absences.where('date').aboveOrEqual(fromDate).toArray(),
      db.timetables.toArray(),
      db.users.toArray(),
      db.profiles.toArray(),
      db.classes.toArray(),
      db.courseModules.toArray(),
      db.contracts.toArray(),
      db.substitutions.toArray(),
    ]);
  const teacherProfiles = new Set(
    profiles.filter((p) => p.moduleIds.includes('teacher.today')).map((p) => p.id),
  );
  const candidates = users
    .filter((u) => u.status === 'Active' && !!u.profileId && teacherProfiles.has(u.profileId))
    .map((u) => ({ userId: u.id, name: u.name }));
  const names = new Map(users.map((u) => [u.id, u.name]));
  const classById = new Map(classes.map((c) => [c.id, c]));
  const classLevels = new Map(classes.map((c) => [c.id, c.levelId ?? null]));
  const moduleNames = new Map(modules.map((m) => [m.id, m.name]));
  return absences
    .sort((a, b) => a.date.localeCompare(b.date) || (a.startTime ?? '').localeCompare(b.startTime ?? ''))
    .map((absence) => ({
      absence,
      teacherName: names.get(absence.teacherUserId) ?? '',
      courses: affectedCourses(absence, timetables).map((o) => {
        const course: CourseToCover = {
          timetableId: o.timetable.id,
          slotKey: slotKeyOf(o.slot, o.slotIndex),
          classId: o.timetable.classId,
          moduleId: o.slot.moduleId,
          levelId: classById.get(o.timetable.classId)?.levelId ?? null,
          date: o.date,
          startTime: o.slot.startTime,
          endTime: o.slot.endTime,
        };
        const ranked = rankSubstitutes({
          course,
          candidates,
          absentUserId: absence.teacherUserId,
          timetables,
          classLevels,
          absences,
          substitutions: substitutions.flatMap((s) =>
            s.substituteUserId === null ? [] : [{ ...s, substituteUserId: s.substituteUserId }],
          ),
          contracts,
        });
        return {
          course,
          moduleName: moduleNames.get(o.slot.moduleId) ?? '',
          className: classById.get(o.timetable.classId)?.code ?? '',
          room: o.slot.room ?? null,
          substitution: substitutions.find((s) => s.id === substitutionId(course)) ?? null,
          ...ranked,
        };
      }),
    }));
}

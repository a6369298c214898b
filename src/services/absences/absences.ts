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
import {
  substitutionNotifications,
  substitutionRemovalNotifications,
} from '../../domain/absences/substitution-notifications';
import { slotKeyOf } from '../../domain/calendar/feed-events';
import { buildPlanningLog, slotTimeRange } from '../../domain/planning/planning-log';
import {
  changeKeyOf,
  namedSubstitute,
  RESTORE_ACTION,
} from '../../domain/absences/substitution-notice-rules';
import { restoreLog } from '../../domain/absences/substitution-restore';
import { frAbsencesNotify } from '../../i18n/fr-absences-notify';
import { frSubstitutionChanges } from '../../i18n/fr-substitution-changes';
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

/**
 * Assigns a substitute to an affected course, or nobody to cancel it (« Personne : annuler le cours »), in one
 * transaction with:
 * - the notifications to both teachers (domain/absences/substitution-notifications: the substitute, the
 *   absent teacher, a substitute no longer named), written here like a check-in's, so offline too; the same
 *   outcome written again keeps its one notification (same id, not rewritten);
 * - for a cancellation, the specification's cancellation log (« planning-cancel », spec part 2 point 4: each
 *   change of a course writes a log entry), about that date only: the course itself is cancelled by the
 *   substitution naming nobody (domain/absences/occurrence-teacher occurrenceGiven), since the slot's own
 *   flag would cancel every occurrence of its week or month.
 */
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
  const assigned: Substitution = { ...assignSubstitute(input) };
  return writeBatch(db, async (w) => {
    const previous = await w.get('substitutions', assigned.id);
    const record: Substitution = {
      ...assigned,
      changeKey: changeKeyOf(previous, previous ? null : await lastRemoval(db, assigned)),
    };
    // The substitute already named, for the same absence: no change, nothing written nor told (the record
    // keeps the change key its notices name).
    if (
      previous &&
      previous.substituteUserId === record.substituteUserId &&
      previous.absenceId === record.absenceId
    )
      return previous;
    await w.put('substitutions', record);
    const timetable = await w.get('timetables', record.timetableId);
    const slotIndex = timetable?.slots.findIndex((slot, i) => slotKeyOf(slot, i) === record.slotKey) ?? -1;
    const slot = timetable?.slots[slotIndex];
    if (!timetable || !slot) return record;
    const notices = substitutionNotifications({
      substitution: record,
      previousSubstituteUserId: previous ? previous.substituteUserId : undefined,
      slotIndex,
      now: input.now,
    });
    for (const notice of notices)
      if (!(await w.get('notifications', notice.id))) await w.put('notifications', notice);
    const wasCanceled = previous !== undefined && previous.substituteUserId === null;
    if (record.substituteUserId === null && !wasCanceled) {
      const actor = await w.get('users', input.actorUserId);
      const range = slotTimeRange(slot);
      await w.put(
        'planningLogs',
        buildPlanningLog({
          id: globalThis.crypto.randomUUID(),
          action: 'planning-cancel',
          timetable,
          slotIndex,
          slot,
          actor: { userId: input.actorUserId, userName: actor?.name ?? null },
          now: input.now,
          before: range,
          after: range,
          note: frAbsencesNotify.cancelNote(record.date),
        }),
      );
    }
    return record;
  });
}

/** The removed assignment's date of the last removal of that course known here (its planning-restore log). */
async function lastRemoval(
  db: AppDatabase,
  s: Pick<Substitution, 'id' | 'timetableId'>,
): Promise<string | null> {
  const logs = await db.planningLogs
    .where('timetableId')
    .equals(s.timetableId)
    .filter((l) => l.action === RESTORE_ACTION && l.substitutionId === s.id)
    .toArray();
  const dates = logs.map((l) => l.removedAssignedAt).filter((d): d is string => typeof d === 'string');
  return dates.length === 0 ? null : dates.sort().at(-1)!;
}

/**
 * Removes a course's substitution (« Retirer le remplacement »): the course is its own teacher's again. In the
 * same transaction, in this order (the server checks each against the one before):
 * - the planning log of the removal (domain/absences/substitution-restore, « Remplacement retiré » in the
 *   slot's history and the journal), written while the substitution is still there;
 * - the deletion;
 * - the notices of the removal (domain/absences/substitution-notifications): « Vous ne remplacez plus … » to
 *   the substitute it named, « … n’est plus remplacé » to the absent teacher.
 * Nothing to remove: nothing written.
 */
export async function removeSubstitution(
  db: AppDatabase,
  input: { substitutionId: string; actorUserId: string; now: Date },
): Promise<boolean> {
  return writeBatch(db, async (w) => {
    const removed = await w.get('substitutions', input.substitutionId);
    if (!removed) return false;
    const timetable = await w.get('timetables', removed.timetableId);
    const slotIndex = timetable?.slots.findIndex((slot, i) => slotKeyOf(slot, i) === removed.slotKey) ?? -1;
    const slot = timetable?.slots[slotIndex];
    if (!timetable || !slot) {
      await w.remove('substitutions', removed.id);
      return true;
    }
    const formerId = namedSubstitute(removed);
    const [actor, former] = await Promise.all([
      w.get('users', input.actorUserId),
      formerId ? w.get('users', formerId) : undefined,
    ]);
    const log = restoreLog({
      removed,
      timetable,
      slotIndex,
      slot,
      actor: { userId: input.actorUserId, userName: actor?.name ?? null },
      now: input.now,
      note: frSubstitutionChanges.log.note(
        removed.date,
        formerId ? (former?.name ?? frAbsencesNotify.bell.someone) : null,
      ),
    });
    if (!(await w.get('planningLogs', log.id))) await w.put('planningLogs', log);
    await w.remove('substitutions', removed.id);
    const notices = substitutionRemovalNotifications({ removed, slotIndex, now: input.now });
    for (const notice of notices)
      if (!(await w.get('notifications', notice.id))) await w.put('notifications', notice);
    return true;
  });
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

import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import type { Actor } from '../../domain/planning/planning-log';
import { randomId } from '../../domain/secrets';
import type { TeacherContractSubmission, User } from '../../domain/store/schema';
import {
  rejectSubmission,
  saveSubmission,
  submitSubmission,
  validateSubmission,
  type SubmissionFields,
  type SubmissionResult,
} from '../../domain/contracts/submission';
import type { InstantLike } from '../../domain/time/instant';

/**
 * A teacher has one contract file. Should two exist (two offline devices each created one), the most
 * recently updated wins, a validated one first so that a validation is never hidden.
 */
export function pickTeacherSubmission(
  files: readonly TeacherContractSubmission[],
): TeacherContractSubmission | null {
  const sorted = [...files].sort(
    (a, b) =>
      Number(b.status === 'validated') - Number(a.status === 'validated') ||
      (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''),
  );
  return sorted[0] ?? null;
}

export async function loadTeacherSubmission(
  db: AppDatabase,
  teacherUserId: string,
): Promise<TeacherContractSubmission | null> {
  return pickTeacherSubmission(
    await db.teacherContractSubmissions.where('teacherUserId').equals(teacherUserId).toArray(),
  );
}

type TeacherInput = {
  teacher: Pick<User, 'id' | 'email'>;
  fields: SubmissionFields;
  now: InstantLike;
};

/** "Suivant" and attachment changes: saves a draft (a new file) or keeps the current status. */
export async function saveTeacherSubmission(db: AppDatabase, input: TeacherInput): Promise<SubmissionResult> {
  return writeBatch(db, async (w) => {
    const current = await loadTeacherSubmission(db, input.teacher.id);
    const result = saveSubmission({
      current,
      fields: input.fields,
      id: current?.id ?? randomId('tc-'),
      teacherUserId: input.teacher.id,
      accountEmail: input.teacher.email,
      now: input.now,
    });
    if (result.ok) await w.put('teacherContractSubmissions', result.value);
    return result;
  });
}

/**
 * "Soumettre": the fields are saved first (nothing typed is lost when a check fails), then the file moves
 * to submitted if every required field is there.
 */
export async function submitTeacherSubmission(
  db: AppDatabase,
  input: TeacherInput,
): Promise<SubmissionResult> {
  return writeBatch(db, async (w) => {
    const current = await loadTeacherSubmission(db, input.teacher.id);
    const saved = saveSubmission({
      current,
      fields: input.fields,
      id: current?.id ?? randomId('tc-'),
      teacherUserId: input.teacher.id,
      accountEmail: input.teacher.email,
      now: input.now,
    });
    if (!saved.ok) return saved;
    const submitted = submitSubmission({
      current: saved.value,
      accountEmail: input.teacher.email,
      now: input.now,
    });
    await w.put('teacherContractSubmissions', submitted.ok ? submitted.value : saved.value);
    return submitted;
  });
}

export type ReviewResult = SubmissionResult | { ok: false; code: 'not-found' };

/** Valider: records the reviewer and the time (spec part 2 point 4). */
export async function validateTeacherSubmission(
  db: AppDatabase,
  input: { submissionId: string; reviewer: Actor; now: InstantLike },
): Promise<ReviewResult> {
  return writeBatch(db, async (w) => {
    const current = await w.get('teacherContractSubmissions', input.submissionId);
    if (!current) return { ok: false, code: 'not-found' } as const;
    const result = validateSubmission({ current, reviewer: input.reviewer, now: input.now });
    if (result.ok) await w.put('teacherContractSubmissions', result.value);
    return result;
  });
}

/** Refuser, with an optional reason: records the reviewer and the time (spec part 2 point 4). */
export async function rejectTeacherSubmission(
  db: AppDatabase,
  input: { submissionId: string; reviewer: Actor; reason?: string | null; now: InstantLike },
): Promise<ReviewResult> {
  return writeBatch(db, async (w) => {
    const current = await w.get('teacherContractSubmissions', input.submissionId);
    if (!current) return { ok: false, code: 'not-found' } as const;
    const result = rejectSubmission({
      current,
      reviewer: input.reviewer,
      reason: input.reason ?? null,
      now: input.now,
    });
    if (result.ok) await w.put('teacherContractSubmissions', result.value);
    return result;
  });
}

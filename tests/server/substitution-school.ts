import { assignSubstitute } from '../../src/domain/absences/records';
import type { StoreV1 } from '../../src/domain/store/schema';
import type { Mutation } from '../../src/domain/sync/protocol';
import { courseSlot, l1Occurrence, l1Week, teacher } from '../support/builders';
import { absenceRecords, ROOT_ADMIN } from './helpers';

/**
 * The school of the substitution server tests (substitution-removal, substitution-changes): Awa is absent on
 * Wednesday 25 November 2026 from her 10:00-12:00 algorithm course; Ibou and Coumba may replace her.
 */
export const AWA = { id: 'u-awa', name: 'Awa Ndiaye', email: 'awa@ecole.sn', password: 'Awa@2026!' } as const;
export const IBOU = {
  id: 'u-ibou',
  name: 'Ibou Sow',
  email: 'ibou@ecole.sn',
  password: 'Ibou@2026!',
} as const;
export const COUMBA = {
  id: 'u-coumba',
  name: 'Coumba Diop',
  email: 'coumba@ecole.sn',
  password: 'Coumba@2026!',
} as const;
export const DAY = '2026-11-25'; // a Wednesday

export const timetable = l1Week([courseSlot(3, '10:00', '12:00', 'cm-algo', AWA.id, { id: 's-algo' })]);
export const course = { ...l1Occurrence('s-algo', DAY, '10:00', '12:00'), levelId: null };

/** The substitution of Awa's course, given to `substituteUserId` (null: cancelled) by the root administrator. */
export const substitution = (substituteUserId: string | null, now: string) => ({
  ...assignSubstitute({
    course,
    absence: { id: 'ab-awa', teacherUserId: AWA.id },
    substituteUserId,
    actorUserId: ROOT_ADMIN.id,
    now,
  }),
});

/** The school's records: the teachers given, the class, the module, the week and Awa's absence at `now`. */
export async function substitutionSchool(
  teachers: readonly (typeof AWA | typeof IBOU | typeof COUMBA)[],
  now: string,
): Promise<Partial<StoreV1>> {
  return {
    users: await Promise.all(teachers.map((who) => teacher(who, { name: who.name }))),
    classes: [{ id: 'c-l1', code: 'L1-INFO', levelId: null, instituteId: null }],
    courseModules: [{ id: 'cm-algo', code: 'ALG', name: 'Algorithmique', levelId: null }],
    timetables: [timetable],
    ...absenceRecords({ id: 'ab-awa', teacherUserId: AWA.id, date: DAY, actorUserId: AWA.id, now }),
  };
}

/** The deletion of a substitution, as a device pushes it (`n`: a number unique in the test file). */
export function removal(recordId: string, baseRevision: number, n: number): Mutation {
  return {
    mutationId: `del-${recordId}-${n}`,
    collection: 'substitutions',
    recordId,
    op: 'delete',
    changedFields: [],
    baseRevision,
    createdAt: new Date().toISOString(),
  };
}

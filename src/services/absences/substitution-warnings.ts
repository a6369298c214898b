import type { AppDatabase } from '../../db/database';
import { namedSubstitute } from '../../domain/absences/substitution-notice-rules';
import type { Substitution } from '../../domain/store/schema';
import { contractWarningTexts } from '../planning/contract-warnings';

/**
 * The VH contract warnings of a substitute just assigned (spec part 2 point 5, as a rescheduling shows them:
 * shown and logged, never blocking): the course she now gives counts in her contract line
 * (domain/contracts/contract-warnings reads the substitutions), so reaching 90 % of its cap, or going above
 * it, is told to the administrator at once. Nobody named (the course cancelled): nothing to warn of.
 */
export async function substitutionContractWarnings(
  db: AppDatabase,
  substitution: Pick<Substitution, 'timetableId' | 'moduleId' | 'substituteUserId' | 'absentUserId'>,
): Promise<string[]> {
  const substitute = namedSubstitute(substitution);
  if (!substitute) return [];
  const timetable = await db.timetables.get(substitution.timetableId);
  if (!timetable) return [];
  return contractWarningTexts(db, [timetable], {
    teacherUserId: substitute,
    moduleId: substitution.moduleId,
  });
}

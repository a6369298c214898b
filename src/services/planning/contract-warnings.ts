import type { AppDatabase } from '../../db/database';
import { contractWarnings, type ContractWarning } from '../../domain/contracts/contract-warnings';
import { formatDuration } from '../../domain/format/duration';
import type { Timetable } from '../../domain/store/schema';
import { fr } from '../../i18n/fr';

/**
 * Contract warnings of spec part 2 point 5 for timetables about to be written (import, rescheduling): logged
 * and shown to the planner, never blocking. Returns the French sentences, names resolved.
 */
export async function contractWarningTexts(
  db: AppDatabase,
  candidates: readonly Timetable[],
  only?: { teacherUserId: string; moduleId: string },
): Promise<string[]> {
  const [timetables, contracts, users, classes, modules, substitutions] = await Promise.all([
    db.timetables.toArray(),
    db.contracts.toArray(),
    db.users.toArray(),
    db.classes.toArray(),
    db.courseModules.toArray(),
    db.substitutions.toArray(),
  ]);
  // Issue 35: planned time as given, substitutions included (domain/contracts/contract-warnings).
  const warnings = contractWarnings({ candidates, timetables, contracts, substitutions }).filter(
    (w) => !only || (w.teacherUserId === only.teacherUserId && w.moduleId === only.moduleId),
  );
  const userName = new Map(users.map((u) => [u.id, u.name]));
  const className = new Map(classes.map((c) => [c.id, c.code]));
  const moduleName = new Map(modules.map((m) => [m.id, m.name]));
  const texts = warnings.map((w: ContractWarning) => {
    const names = [
      userName.get(w.teacherUserId) ?? '—',
      className.get(w.classId) ?? '—',
      moduleName.get(w.moduleId) ?? '—',
    ] as const;
    const t = fr.contracts.warnings;
    if (w.code === 'no-contract') return t['no-contract'](...names);
    if (w.code === 'pair-not-allowed') return t['pair-not-allowed'](...names);
    return t[w.code](...names, formatDuration(w.plannedMin), formatDuration(w.capMin));
  });
  for (const text of texts) console.warn(`[contrat VH] ${text}`);
  return texts;
}

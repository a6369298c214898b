import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { planImportDeletion, type ImportDeletionResult } from '../../domain/planning/import-deletion';

export type DeleteImportResult = ImportDeletionResult | { ok: false; code: 'not-found' };

/** What deleting this import would remove, or why it is blocked (for the confirmation dialog). */
export async function previewImportDeletion(db: AppDatabase, importId: string): Promise<DeleteImportResult> {
  const planningImport = await db.planningImports.get(importId);
  if (!planningImport) return { ok: false, code: 'not-found' };
  const [timetables, classes, courseModules, users] = await Promise.all([
    db.timetables.toArray(),
    db.classes.toArray(),
    db.courseModules.toArray(),
    db.users.toArray(),
  ]);
  return planImportDeletion({ planningImport, timetables, classes, courseModules, users });
}

/**
 * spec part 2 point 4, import deletion, in one transaction: the plan is made again inside it so that a
 * timetable written meanwhile (another tab, a sync) is taken into account before anything is removed.
 */
export async function deleteImport(db: AppDatabase, importId: string): Promise<DeleteImportResult> {
  return writeBatch(db, async (w) => {
    const result = await previewImportDeletion(db, importId);
    if (!result.ok) return result;
    const plan = result.value;
    for (const t of [...plan.timetables, ...plan.legacyTimetables]) await w.remove('timetables', t.id);
    for (const c of plan.classes) await w.remove('classes', c.id);
    for (const m of plan.courseModules) await w.remove('courseModules', m.id);
    for (const u of plan.users) await w.remove('users', u.id);
    await w.remove('planningImports', importId);
    return result;
  });
}

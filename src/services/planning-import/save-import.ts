import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import type { PlanningImport, Timetable } from '../../domain/store/schema';

export interface CreatedItemIds {
  classIds: readonly string[];
  moduleIds: readonly string[];
  userIds: readonly string[];
}

export interface SaveImportInput {
  planningImport: PlanningImport;
  timetables: readonly Timetable[];
  /** Items created during the verification, stamped again with the import id in the same transaction. */
  created: CreatedItemIds;
}

/**
 * Saves an import in ONE transaction: the planning import, its timetables (one per class) and the
 * createdByImportId of the items created for it. Either all of it reaches the store and the outbox, or none.
 */
export async function saveImport(db: AppDatabase, input: SaveImportInput): Promise<void> {
  const importId = input.planningImport.id;
  await writeBatch(db, async (w) => {
    await w.put('planningImports', input.planningImport);
    for (const timetable of input.timetables) {
      await w.put('timetables', { ...timetable, planningImportId: importId });
    }
    // patch() skips records deleted meanwhile, and a put without change writes no mutation.
    for (const id of input.created.classIds) await w.patch('classes', id, { createdByImportId: importId });
    for (const id of input.created.moduleIds) {
      await w.patch('courseModules', id, { createdByImportId: importId });
    }
    for (const id of input.created.userIds) await w.patch('users', id, { createdByImportId: importId });
  });
}

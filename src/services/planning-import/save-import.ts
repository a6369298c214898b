import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import {
  earlierImportTimetables,
  planReplacement,
  type ReplacementPlan,
  type SlotReference,
} from '../../domain/planning/import-replace';
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
  /**
   * "Remplacer": the courses of earlier imports for the same classes and periods are replaced (history
   * kept, see planReplacement). Without it ("Ajouter") the new timetables are added beside them.
   */
  replaceEarlier?: boolean;
}

/**
 * Saves an import in ONE transaction: the planning import, its timetables (one per class) and the
 * createdByImportId of the items created for it. Either all of it reaches the store and the outbox, or none.
 * With replaceEarlier, earlier imports' timetables for the same classes and periods are replaced.
 */
export async function saveImport(db: AppDatabase, input: SaveImportInput): Promise<ReplacementPlan | null> {
  const importId = input.planningImport.id;
  return writeBatch(db, async (w) => {
    await w.put('planningImports', input.planningImport);
    let plan: ReplacementPlan | null = null;
    let timetables: readonly Timetable[] = input.timetables;
    if (input.replaceEarlier === true) {
      // Planned inside the transaction: a timetable or a check-in written meanwhile is taken into account.
      const earlier = earlierImportTimetables(input.timetables, await db.timetables.toArray());
      const ids = new Set(earlier.map((t) => t.id));
      const [logs, requests, notifications] = await Promise.all([
        db.planningLogs
          .where('timetableId')
          .anyOf([...ids])
          .toArray(),
        db.rescheduleRequests.toArray(),
        db.notifications.toArray(),
      ]);
      const withHistory: SlotReference[] = [...logs, ...requests, ...notifications].filter((r) =>
        ids.has(r.timetableId),
      );
      plan = planReplacement({ candidates: input.timetables, earlier, withHistory, importId });
      timetables = [...plan.updated, ...plan.created];
      for (const removed of plan.removed) await w.remove('timetables', removed.id);
    }
    for (const timetable of timetables) {
      await w.put('timetables', { ...timetable, planningImportId: importId });
    }
    // patch() skips records deleted meanwhile, and a put without change writes no mutation.
    for (const id of input.created.classIds) await w.patch('classes', id, { createdByImportId: importId });
    for (const id of input.created.moduleIds) {
      await w.patch('courseModules', id, { createdByImportId: importId });
    }
    for (const id of input.created.userIds) await w.patch('users', id, { createdByImportId: importId });
    return plan;
  });
}

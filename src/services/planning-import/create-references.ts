import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { buildUserLog, type Actor } from '../../domain/journal/user-log';
import {
  buildNewReferences,
  type NewReferenceDraft,
  type NewReferences,
  type NewTeacherDraft,
} from '../../domain/planning/import-references';
import { randomId } from '../../domain/secrets';

export interface CreateReferencesInput {
  classes: readonly NewReferenceDraft[];
  modules: readonly NewReferenceDraft[];
  teachers: readonly NewTeacherDraft[];
  /** The id the planning import will have once saved (spec part 2 point 3: createdByImportId). */
  importId: string;
  actor: Actor;
}

/**
 * "Vérification des références": writes the missing classes, modules and teachers in one transaction, each
 * with createdByImportId; a new teacher also gets a journal entry 'create' (spec part 2 point 3).
 */
export async function createImportReferences(
  db: AppDatabase,
  input: CreateReferencesInput,
): Promise<NewReferences> {
  const [classes, courseModules, users] = await Promise.all([
    db.classes.toArray(),
    db.courseModules.toArray(),
    db.users.toArray(),
  ]);
  const created = buildNewReferences({
    classes: input.classes,
    modules: input.modules,
    teachers: input.teachers,
    importId: input.importId,
    existing: { classes, courseModules, users },
    // No password (issue 29): each teacher gets an invitation from the server once the import is saved.
    newId: randomId,
  });
  await writeBatch(db, async (w) => {
    for (const record of created.classes) await w.put('classes', record);
    for (const record of created.courseModules) await w.put('courseModules', record);
    for (const user of created.users) {
      await w.put('users', user);
      await w.put(
        'userLogs',
        buildUserLog({
          id: randomId('log-'),
          action: 'create',
          target: user,
          actor: input.actor,
          now: new Date(),
          details: 'import-planning',
        }),
      );
    }
  });
  return created;
}

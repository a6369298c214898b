import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { ORG_SETTINGS_ID, PIN_VALIDITY_DAYS_DEFAULT } from '../../domain/defaults';
import { randomId } from '../../domain/secrets';
import type { CollectionRecords } from '../../domain/store/schema';

/** The reference collections edited by the settings screens. */
export type ReferenceCollection = 'institutes' | 'levels' | 'classes' | 'courseModules';

const ID_PREFIX: Record<ReferenceCollection, string> = {
  institutes: 'inst-',
  levels: 'lvl-',
  classes: 'cls-',
  courseModules: 'cm-',
};

/**
 * Creates (id null) or updates a record. An update starts from the stored record so that fields this form
 * does not show (createdByImportId, fields of newer versions) are kept.
 */
export async function saveReference<C extends ReferenceCollection>(
  db: AppDatabase,
  collection: C,
  id: string | null,
  fields: Omit<CollectionRecords[C], 'id'>,
): Promise<string> {
  return writeBatch(db, async (writer) => {
    const existing = id ? await writer.get(collection, id) : undefined;
    const recordId = existing?.id ?? id ?? randomId(ID_PREFIX[collection]);
    const record = { ...(existing ?? {}), ...fields, id: recordId } as CollectionRecords[C];
    await writer.put(collection, record);
    return recordId;
  });
}

/** Spec part 1 point 5: deleting an institute or level is not blocked; linked items keep a dangling id. */
export async function deleteReference(
  db: AppDatabase,
  collection: ReferenceCollection,
  id: string,
): Promise<void> {
  await writeBatch(db, (writer) => writer.remove(collection, id));
}

export async function readPinValidityDays(db: AppDatabase): Promise<number> {
  const settings = await db.settings.get(ORG_SETTINGS_ID);
  return settings?.pinValidityDays ?? PIN_VALIDITY_DAYS_DEFAULT;
}

export async function savePinValidityDays(db: AppDatabase, days: number): Promise<void> {
  await writeBatch(db, async (writer) => {
    const current = await writer.get('settings', ORG_SETTINGS_ID);
    await writer.put('settings', { ...(current ?? {}), id: ORG_SETTINGS_ID, pinValidityDays: days });
  });
}

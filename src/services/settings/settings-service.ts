import type { AppDatabase } from '../../db/database';
import { getMeta } from '../../db/meta';
import { writeBatch, type Writer } from '../../db/repository';
import { ORG_SETTINGS_ID, PIN_VALIDITY_DAYS_DEFAULT } from '../../domain/defaults';
import { randomId } from '../../domain/secrets';
import { isIanaTimeZone, orgTimeZone } from '../../domain/settings/time-zone';
import type { CollectionRecords } from '../../domain/store/schema';

/** The reference collections edited by the settings screens. */
export type ReferenceCollection = 'institutes' | 'levels' | 'classes' | 'courseModules';

const ID_PREFIX: Record<ReferenceCollection, string> = {
  institutes: 'inst-',
  levels: 'lvl-',
  classes: 'cls-',
  courseModules: 'cm-',
};

type SettingsOp = 'create' | 'update' | 'delete';

/** What a settings record is called on screen: a class by its code, the others by their name. */
function recordName(record: object | undefined): string {
  const named = record as { name?: unknown; code?: unknown } | undefined;
  const text = typeof named?.code === 'string' && !('name' in (named ?? {})) ? named.code : named?.name;
  return typeof text === 'string' ? text : '';
}

/**
 * Issue 33 point 8: each settings change is journaled in its own batch, after the change it describes (the
 * server accepts the entry only then: write-people.ts settingsLogDecision). The actor is the signed-in person.
 */
async function journalSettings(
  db: AppDatabase,
  writer: Writer,
  input: { collection: ReferenceCollection | 'settings'; id: string; name: string; op: SettingsOp },
): Promise<void> {
  const actorId = await getMeta(db, 'currentUserId');
  if (!actorId) return;
  const actor = await writer.get('users', actorId);
  await writer.put('userLogs', {
    id: randomId('log-'),
    action: 'settings-change',
    targetUserId: null,
    targetUserName: null,
    actorUserId: actorId,
    actorUserName: actor?.name ?? null,
    timestamp: new Date().toISOString(),
    targetCollection: input.collection,
    targetId: input.id,
    targetName: input.name,
    settingsOp: input.op,
  });
}

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
    const op = existing ? 'update' : 'create';
    await journalSettings(db, writer, { collection, id: recordId, name: recordName(record), op });
    return recordId;
  });
}

/** Spec part 1 point 5: deleting an institute or level is not blocked; linked items keep a dangling id. */
export async function deleteReference(
  db: AppDatabase,
  collection: ReferenceCollection,
  id: string,
): Promise<void> {
  await writeBatch(db, async (writer) => {
    const existing = await writer.get(collection, id);
    await writer.remove(collection, id);
    await journalSettings(db, writer, { collection, id, name: recordName(existing), op: 'delete' });
  });
}

export async function readPinValidityDays(db: AppDatabase): Promise<number> {
  const settings = await db.settings.get(ORG_SETTINGS_ID);
  return settings?.pinValidityDays ?? PIN_VALIDITY_DAYS_DEFAULT;
}

/**
 * The organisation's time zone (calendar feeds, issue 35); Africa/Dakar when none is set. `needsRepair`: the
 * record holds a name that is no real zone (written before the server checked it), which the server would
 * refuse with any later change of the record until a real zone replaces it.
 */
export async function readOrgTimeZone(db: AppDatabase): Promise<{ zone: string; needsRepair: boolean }> {
  const settings = await db.settings.get(ORG_SETTINGS_ID);
  const raw: unknown = settings?.timeZone;
  return { zone: orgTimeZone(settings), needsRepair: raw !== undefined && !isIanaTimeZone(raw) };
}

/** Saved like the PIN validity: on the settings record `org`, journaled (the server checks the zone). */
export async function saveOrgTimeZone(db: AppDatabase, timeZone: string): Promise<void> {
  await writeBatch(db, async (writer) => {
    const current = await writer.get('settings', ORG_SETTINGS_ID);
    await writer.put('settings', {
      pinValidityDays: PIN_VALIDITY_DAYS_DEFAULT,
      ...(current ?? {}),
      id: ORG_SETTINGS_ID,
      timeZone,
    });
    await journalSettings(db, writer, {
      collection: 'settings',
      id: ORG_SETTINGS_ID,
      name: timeZone,
      op: 'update',
    });
  });
}

export async function savePinValidityDays(db: AppDatabase, days: number): Promise<void> {
  await writeBatch(db, async (writer) => {
    const current = await writer.get('settings', ORG_SETTINGS_ID);
    await writer.put('settings', { ...(current ?? {}), id: ORG_SETTINGS_ID, pinValidityDays: days });
    await journalSettings(db, writer, {
      collection: 'settings',
      id: ORG_SETTINGS_ID,
      name: String(days),
      op: 'update',
    });
  });
}

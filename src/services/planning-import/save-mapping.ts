import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { authorizeWrite } from '../../domain/access/write';
import { userViewer } from '../../domain/access/viewer';
import { ORG_SETTINGS_ID, PIN_VALIDITY_DAYS_DEFAULT } from '../../domain/defaults';
import type { LoginMode, OrgSettings } from '../../domain/store/schema';
import { parseSavedMappings, rememberMapping, type SavedMapping } from '../../domain/timetable-parsing';

function withMapping(current: OrgSettings | undefined, entry: SavedMapping): OrgSettings {
  return {
    ...(current ?? {}),
    id: ORG_SETTINGS_ID,
    pinValidityDays: current?.pinValidityDays ?? PIN_VALIDITY_DAYS_DEFAULT,
    importMappings: rememberMapping(parseSavedMappings(current?.importMappings), entry),
  };
}

/** Who saves: the same rule the server applies to the settings record decides (domain/access/write.ts). */
export interface MappingAuthor {
  userId: string;
  granted: ReadonlySet<string>;
  loginMode: LoginMode;
}

/**
 * Saves a mapping for the organisation, when the signed-in user may write the settings record; returns
 * whether it was saved. A write the server would refuse is not queued (it would be undone at the next sync).
 */
export async function saveImportMapping(
  db: AppDatabase,
  entry: SavedMapping,
  author: MappingAuthor,
): Promise<boolean> {
  return writeBatch(db, async (writer) => {
    const current = await writer.get('settings', ORG_SETTINGS_ID);
    const next = withMapping(current, entry);
    const decision = authorizeWrite(
      userViewer(author.userId, author.granted, author.loginMode),
      { collection: 'settings', recordId: ORG_SETTINGS_ID, before: current ?? null, after: next },
      { profiles: [], user: () => null, timetable: () => null },
    );
    if (!decision.ok) return false;
    await writer.put('settings', next);
    return true;
  });
}

import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../../db/database';
import { ORG_SETTINGS_ID } from '../../../domain/defaults';
import { parseSavedMappings, type SavedMapping } from '../../../domain/timetable-parsing';

/** The organisation's saved layout mappings (synced settings record), newest first; [] while loading. */
export function useSavedMappings(): readonly SavedMapping[] {
  return useLiveQuery(
    async () => parseSavedMappings((await appDb().settings.get(ORG_SETTINGS_ID))?.importMappings),
    [],
    [],
  );
}

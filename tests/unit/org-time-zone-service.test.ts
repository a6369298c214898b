import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { ORG_SETTINGS_ID } from '../../src/domain/defaults';
import { readOrgTimeZone, saveOrgTimeZone } from '../../src/services/settings/settings-service';

/**
 * Issue 35: the organisation's time zone on the device. Saved on the settings record `org` (other fields
 * kept, one mutation to push); read back with the default and a record to repair.
 */
let n = 0;
const opened: AppDatabase[] = [];
function freshDb(): AppDatabase {
  const db = openDatabase(`org-time-zone-${(n += 1)}`);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('readOrgTimeZone / saveOrgTimeZone', () => {
  it('no record: Africa/Dakar, nothing to repair', async () => {
    expect(await readOrgTimeZone(freshDb())).toEqual({ zone: 'Africa/Dakar', needsRepair: false });
  });

  it('saves the zone on the record, keeping its other fields, and queues it for the server', async () => {
    const db = freshDb();
    await writeBatch(db, (w) =>
      w.put('settings', { id: ORG_SETTINGS_ID, pinValidityDays: 30, importMappings: [] }),
    );
    await db.outbox.clear();
    await saveOrgTimeZone(db, 'Europe/Paris');
    expect(await db.settings.get(ORG_SETTINGS_ID)).toEqual({
      id: ORG_SETTINGS_ID,
      pinValidityDays: 30,
      importMappings: [],
      timeZone: 'Europe/Paris',
    });
    expect(await readOrgTimeZone(db)).toEqual({ zone: 'Europe/Paris', needsRepair: false });
    const queued = await db.outbox.toArray();
    // Nobody signed in on this device: no journal entry beside it (journalSettings names the actor).
    expect(queued.map((m) => m.collection)).toEqual(['settings']);
    expect(queued.find((m) => m.collection === 'settings')?.values).toMatchObject({
      timeZone: 'Europe/Paris',
    });
  });

  it('a record holding no real zone: the default is shown, and it asks to be repaired', async () => {
    const db = freshDb();
    await writeBatch(db, (w) =>
      w.put('settings', { id: ORG_SETTINGS_ID, pinValidityDays: 90, timeZone: 'Europe/Atlantis' }),
    );
    expect(await readOrgTimeZone(db)).toEqual({ zone: 'Africa/Dakar', needsRepair: true });
  });
});

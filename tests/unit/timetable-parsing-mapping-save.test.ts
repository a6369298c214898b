import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { ORG_SETTINGS_ID } from '../../src/domain/defaults';
import { parseSavedMappings, type SavedMapping } from '../../src/domain/timetable-parsing';
import { saveImportMapping } from '../../src/services/planning-import';

let db: AppDatabase;
let n = 0;
beforeEach(async () => {
  db = openDatabase(`mapping-save-${(n += 1)}`);
  await writeBatch(db, (w) => w.put('settings', { id: ORG_SETTINGS_ID, pinValidityDays: 30 }));
});
afterEach(async () => {
  await db.delete();
});

const entry = (fingerprint: string, savedAt: string): SavedMapping => ({
  fingerprint,
  savedAt,
  mapping: {
    kind: 'grid',
    days: { axis: 'row', index: 2 },
    times: null,
    bell: [{ label: '1', start: '08:00', end: '09:00' }],
    firstCourse: { row: 3, column: 1 },
    className: { kind: 'auto' },
  },
});

const author = (modules: string[]) => ({
  userId: 'u-1',
  granted: new Set(modules),
  loginMode: 'password' as const,
});

describe('saveImportMapping (organisation settings record)', () => {
  it('saves the mapping beside the other settings and queues it for the server', async () => {
    const before = await db.outbox.count();
    expect(
      await saveImportMapping(db, entry('a', '2024-09-02T10:00:00.000Z'), author(['settings.donnees'])),
    ).toBe(true);
    const settings = await db.settings.get(ORG_SETTINGS_ID);
    expect(settings?.pinValidityDays).toBe(30);
    expect(parseSavedMappings(settings?.importMappings).map((m) => m.fingerprint)).toEqual(['a']);
    expect(await db.outbox.count()).toBe(before + 1);
  });

  it('the same shape saved again replaces the earlier mapping', async () => {
    await saveImportMapping(db, entry('a', '2024-09-02T10:00:00.000Z'), author(['settings.donnees']));
    await saveImportMapping(db, entry('b', '2024-09-03T10:00:00.000Z'), author(['settings.donnees']));
    await saveImportMapping(db, entry('a', '2024-09-04T10:00:00.000Z'), author(['settings.donnees']));
    const saved = parseSavedMappings((await db.settings.get(ORG_SETTINGS_ID))?.importMappings);
    expect(saved.map((m) => [m.fingerprint, m.savedAt])).toEqual([
      ['a', '2024-09-04T10:00:00.000Z'],
      ['b', '2024-09-03T10:00:00.000Z'],
    ]);
  });

  it('an importer saves the mapping (the only field of the record that is theirs to write)', async () => {
    expect(
      await saveImportMapping(
        db,
        entry('a', '2024-09-02T10:00:00.000Z'),
        author(['planning', 'planning.importer']),
      ),
    ).toBe(true);
    expect((await db.settings.get(ORG_SETTINGS_ID))?.importMappings).toHaveLength(1);
  });

  it('a user the server would refuse (no right on the settings record) saves nothing and queues nothing', async () => {
    const before = await db.outbox.count();
    expect(
      await saveImportMapping(db, entry('a', '2024-09-02T10:00:00.000Z'), author(['planning.consulter'])),
    ).toBe(false);
    expect((await db.settings.get(ORG_SETTINGS_ID))?.importMappings).toBeUndefined();
    expect(await db.outbox.count()).toBe(before);
  });
});

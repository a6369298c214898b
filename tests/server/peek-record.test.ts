import { describe, expect, it } from 'vitest';
import { openStorage } from '../../server/storage/open-storage';
import { peekRecord } from '../../server/storage/sync-storage';
import type { ServerRecord } from '../../src/domain/sync/merge';
import { serverBackends, testConfig } from './helpers';

/**
 * Issue 31: the rule checks read records without copying them (SyncTransaction.peekRecord). What they get is
 * frozen (a mistaken change throws, never alters what the next check or batch reads), a batch's own write is
 * seen at once, and getRecord still hands a copy its caller may change.
 */
const backends = await serverBackends();
const AT = '2026-11-16T08:00:00.000Z';
const timetable = (rev: number, startTime: string): ServerRecord => ({
  collection: 'timetables',
  id: 't-1',
  rev,
  deleted: false,
  data: { id: 't-1', slots: [{ id: 's-1', startTime }] },
  stamps: {},
});

describe.each(backends)('$name: records read by the checks', (backend) => {
  it('are frozen, follow the batch’s own writes, and getRecord still copies', async () => {
    const db = await backend.fresh();
    try {
      const storage = await openStorage(testConfig({ dataFile: db.file, databaseUrl: db.databaseUrl }));
      try {
        await storage.transaction('demo', async (tx) => {
          await tx.putRecord(timetable(1, '08:00'), 'm-1', AT);
          await tx.setRevision(1, AT);
        });
        const seen = await storage.transaction('demo', async (tx) => {
          const peeked = await peekRecord(tx, 'timetables', 't-1');
          const slots = peeked?.data.slots as { startTime: string }[];
          let threw = false;
          try {
            (slots[0] as { startTime: string }).startTime = '09:00';
          } catch {
            threw = true;
          }
          // A copy is free to change, and changes nothing that others read.
          const copy = await tx.getRecord('timetables', 't-1');
          (copy?.data.slots as { startTime: string }[])[0]!.startTime = '10:00';
          const again = await peekRecord(tx, 'timetables', 't-1');
          await tx.putRecord(timetable(2, '11:00'), 'm-2', AT);
          await tx.setRevision(2, AT);
          const after = await peekRecord(tx, 'timetables', 't-1');
          return {
            frozen: tx.peekRecord ? Object.isFrozen(slots[0]) && threw : true,
            again: (again?.data.slots as { startTime: string }[])[0]?.startTime,
            after: (after?.data.slots as { startTime: string }[])[0]?.startTime,
          };
        });
        expect(seen).toEqual({ frozen: true, again: '08:00', after: '11:00' });
        const stored = await storage.transaction('demo', (tx) => tx.getRecord('timetables', 't-1'));
        expect((stored?.data.slots as { startTime: string }[])[0]?.startTime).toBe('11:00');
      } finally {
        await storage.close();
      }
    } finally {
      await db.cleanup();
    }
  });
});

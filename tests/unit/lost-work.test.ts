import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type AppDatabase, type OutboxMutation } from '../../src/db/database';
import { readLostWork, readShadow, writeLostWork, writeShadow } from '../../src/app/lost-work/pending-shadow';
import {
  askPersistence,
  checkForLostWork,
  refreshShadow,
  STORAGE_EVENTS,
} from '../../src/app/lost-work/watch-pending';
import { frResilience, lostWorkJournalDetails } from '../../src/i18n/fr-resilience';

/**
 * Issue 31 item 7: the outbox's shadow outside IndexedDB, and what a start makes of it. A database without the
 * shadow's marker is another one: its changes are lost and said; the same database (sent or not) is not.
 */
const change = (n: number, createdAt: string): OutboxMutation => ({
  mutationId: `m-${n}`,
  collection: 'planningLogs',
  recordId: `log-${n}`,
  op: 'put',
  changedFields: ['id'],
  values: { id: `log-${n}` },
  baseRevision: 0,
  createdAt,
  author: 'u-t1',
});

describe('lost work', () => {
  let db: AppDatabase;
  beforeEach(async () => {
    localStorage.clear();
    document.cookie = 'emargement_pending=; path=/; max-age=0';
    db = openDatabase(`lost-${Math.random()}`);
    await db.open();
    await db.users.put({ id: 'u-t1', name: 'Moussa Fall', email: 'm@e.sn', status: 'Active' } as never);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('keeps a shadow of the outbox (count, first and last time, who) and drops it when the outbox empties', async () => {
    expect(await checkForLostWork(db)).toBeNull();
    await db.outbox.bulkAdd([change(1, '2026-03-09T07:50:00.000Z'), change(2, '2026-03-09T07:52:00.000Z')]);
    await refreshShadow(db);
    expect(readShadow()).toMatchObject({
      count: 2,
      oldestAt: '2026-03-09T07:50:00.000Z',
      latestAt: '2026-03-09T07:52:00.000Z',
      userId: 'u-t1',
      userName: 'Moussa Fall',
    });
    await db.outbox.clear();
    await refreshShadow(db);
    expect(readShadow()).toBeNull();
  });

  it('the same database at the next start: nothing is lost, even with changes still waiting', async () => {
    await checkForLostWork(db);
    await db.outbox.add(change(1, '2026-03-09T07:50:00.000Z'));
    await refreshShadow(db);
    expect(await checkForLostWork(db)).toBeNull();
    expect(readLostWork()).toEqual([]);
  });

  it('a database that lost the shadow’s marker: the changes are recorded as lost, once', async () => {
    await checkForLostWork(db);
    await db.outbox.add(change(1, '2026-03-09T07:50:00.000Z'));
    await refreshShadow(db);
    // The cookie alone survives (localStorage cleared with the database).
    localStorage.clear();
    const fresh = openDatabase(`lost-fresh-${Math.random()}`);
    try {
      const lost = await checkForLostWork(fresh, new Date('2026-03-09T10:00:00.000Z'));
      expect(lost).toMatchObject({
        count: 1,
        oldestAt: '2026-03-09T07:50:00.000Z',
        userName: 'Moussa Fall',
        noticedAt: '2026-03-09T10:00:00.000Z',
        reported: false,
      });
      expect(readLostWork()).toHaveLength(1);
      expect(readShadow()).toBeNull();
      // The next start of the new database: nothing more.
      expect(await checkForLostWork(fresh)).toBeNull();
      expect(readLostWork()).toHaveLength(1);
    } finally {
      await fresh.delete();
    }
  });

  it('an empty shadow (everything was sent) is never a loss', async () => {
    writeShadow({
      marker: 'other',
      count: 0,
      oldestAt: '',
      latestAt: '',
      userId: null,
      userName: null,
      orgId: null,
    });
    expect(await checkForLostWork(db)).toBeNull();
    writeLostWork([]);
  });

  it.each([
    [
      1,
      '2026-03-09T07:50:00.000Z',
      '2026-03-09T07:50:00.000Z',
      /^1 modification faite le 09\/03\/2026 à 07:50 par Moussa Fall attendait/,
    ],
    [
      3,
      '2026-03-09T07:50:00.000Z',
      '2026-03-10T09:05:00.000Z',
      /^3 modifications faites entre le 09\/03\/2026 à 07:50 et le 10\/03\/2026 à 09:05 par Moussa Fall attendaient/,
    ],
  ])('says %i change(s) with their times', (count, oldestAt, latestAt, said) => {
    const figures = { count, oldestAt, latestAt, noticedAt: latestAt, userName: 'Moussa Fall' };
    expect(frResilience.lostWork.body(figures)).toMatch(said);
    expect(lostWorkJournalDetails(figures)).toContain(
      count === 1 ? '1 modification non envoyée perdue' : '3 modifications non envoyées perdues',
    );
  });

  it('asks for persistent storage once per page; a refusal is announced to the person', async () => {
    const persist = vi.fn(() => Promise.resolve(false));
    vi.stubGlobal('navigator', {
      ...navigator,
      storage: { persisted: () => Promise.resolve(false), persist },
    });
    const refused = vi.fn();
    globalThis.addEventListener(STORAGE_EVENTS.persistRefused, refused);
    try {
      await askPersistence();
      await askPersistence();
      expect(persist).toHaveBeenCalledTimes(1);
      expect(refused).toHaveBeenCalledTimes(1);
    } finally {
      globalThis.removeEventListener(STORAGE_EVENTS.persistRefused, refused);
      vi.unstubAllGlobals();
    }
  });
});

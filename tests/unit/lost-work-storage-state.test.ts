import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WatchPendingModule from '../../src/app/lost-work/watch-pending';
import { openDatabase, type AppDatabase } from '../../src/db/database';

/**
 * Issue 31 item 7: what the login screen asks before it offers the emergency area (readStorageState). It reads
 * the database itself, not the last periodic check: a database deleted a moment ago under the open page is seen
 * at once (and announced), so the screen can never decide on an emptied device's word. Each case loads the
 * module afresh (its state is the page's).
 */
type WatchPending = typeof WatchPendingModule;

describe('readStorageState', () => {
  let db: AppDatabase;
  let watch: WatchPending;
  beforeEach(async () => {
    localStorage.clear();
    document.cookie = 'emargement_pending=; path=/; max-age=0';
    document.body.innerHTML = '';
    vi.resetModules();
    watch = await import('../../src/app/lost-work/watch-pending');
    db = openDatabase(`state-${Math.random()}`);
    await db.open();
  });
  afterEach(async () => {
    await db.delete();
  });

  it('a genuine first start: intact', async () => {
    expect(await watch.checkForLostWork(db)).toBeNull();
    expect(await watch.readStorageState(db)).toBe('intact');
    expect(watch.storageHasVanished()).toBe(false);
  });

  it('two tabs starting together on an empty database share one marker: neither thinks it vanished', async () => {
    vi.resetModules();
    const otherTab: WatchPending = await import('../../src/app/lost-work/watch-pending');
    const otherDb = openDatabase(db.name);
    await otherDb.open();
    try {
      await Promise.all([watch.checkForLostWork(db), otherTab.checkForLostWork(otherDb)]);
      expect(await watch.readStorageState(db)).toBe('intact');
      expect(await otherTab.readStorageState(otherDb)).toBe('intact');
      expect(watch.storageHasVanished() || otherTab.storageHasVanished()).toBe(false);
    } finally {
      otherDb.close();
    }
  });

  it('a database deleted under the open page: vanished at once, announced, its screen drawn', async () => {
    await watch.checkForLostWork(db);
    const announced = vi.fn();
    globalThis.addEventListener(watch.STORAGE_EVENTS.vanished, announced);
    try {
      // What Dexie reopens after the browser deleted ours: the same name, empty (no marker).
      await db.meta.clear();
      expect(await watch.readStorageState(db)).toBe('vanished');
      expect(announced).toHaveBeenCalledTimes(1);
      expect(watch.storageHasVanished()).toBe(true);
      expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain(
        'Les données de l’application ont été effacées',
      );
      // Stays so for the page's life, even if something writes a marker again.
      await db.meta.put({ key: 'storageMarker', value: 'other' });
      expect(await watch.readStorageState(db)).toBe('vanished');
      expect(announced).toHaveBeenCalledTimes(1);
    } finally {
      globalThis.removeEventListener(watch.STORAGE_EVENTS.vanished, announced);
    }
  });

  it('a start that found the database emptied with changes lost: replaced (its school given back)', async () => {
    const { writeShadow } = await import('../../src/app/lost-work/pending-shadow');
    writeShadow({
      marker: 'the-deleted-database',
      count: 1,
      oldestAt: '2026-03-09T07:50:00.000Z',
      latestAt: '2026-03-09T07:50:00.000Z',
      userId: 'u-t1',
      userName: 'Moussa Fall',
      orgId: 'ecole-a',
    });
    expect(await watch.checkForLostWork(db)).toMatchObject({ count: 1 });
    expect(await watch.readStorageState(db)).toBe('replaced');
    expect((await db.meta.get('orgId'))?.value).toBe('ecole-a');
    expect(watch.storageHasVanished()).toBe(false);
  });

  it('an empty shadow (everything was sent) at start: intact', async () => {
    const { writeShadow } = await import('../../src/app/lost-work/pending-shadow');
    writeShadow({
      marker: 'the-deleted-database',
      count: 0,
      oldestAt: '2026-03-09T07:50:00.000Z',
      latestAt: '2026-03-09T07:50:00.000Z',
      userId: null,
      userName: null,
      orgId: 'ecole-a',
    });
    await watch.checkForLostWork(db);
    expect(await watch.readStorageState(db)).toBe('intact');
  });
});

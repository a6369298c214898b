import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import type { Timetable } from '../../src/domain/store/schema';
import {
  captureCheckPosition,
  checkIn,
  checkOut,
  checkRefusalMessage,
  runAutoCheckouts,
  startAutoCheckoutLoop,
  type GeolocationLike,
} from '../../src/services/attendance';
import { slot, weekTimetable } from '../support/builders';

const DATE = '2025-03-10'; // a Monday
const at = (time: string): string => `${DATE}T${time.length === 5 ? `${time}:00` : time}.000Z`;
const timetable: Timetable = weekTimetable('tt-1', DATE, [slot()]);
const actor = { userId: 'teacher-a', userName: 'Awa' };
const slotRef = { timetableId: 'tt-1', slotIndex: 0, actor };

let n = 0;
const opened: AppDatabase[] = [];
async function seededDb(): Promise<AppDatabase> {
  const db = openDatabase(`attendance-services-${(n += 1)}`);
  opened.push(db);
  await writeBatch(db, (w) => w.put('timetables', timetable));
  await db.outbox.clear();
  return db;
}
let db: AppDatabase;
beforeEach(async () => {
  db = await seededDb();
});
afterEach(async () => {
  for (const d of opened.splice(0)) await d.delete();
});

describe('checkIn / checkOut', () => {
  it('writes the log with its position and an unread notification in one transaction', async () => {
    const position = { latitude: 14.692812, longitude: -17.446741, accuracy: 12 };
    const result = await checkIn(db, { ...slotRef, position, now: () => at('07:55') });
    expect(result.ok).toBe(true);
    const [log] = await db.planningLogs.toArray();
    expect(log).toMatchObject({ action: 'planning-checkin', ...position, timestamp: at('07:55') });
    expect(await db.notifications.toArray()).toEqual([
      expect.objectContaining({ id: log?.id, kind: 'checkin', read: false, teacherUserId: 'teacher-a' }),
    ]);
    // both records reach the outbox together, so the sync engine pushes them together
    expect((await db.outbox.toArray()).map((m) => m.collection).sort()).toEqual([
      'notifications',
      'planningLogs',
    ]);
  });

  it('writes nothing at all when the notification cannot be written (atomic)', async () => {
    const spy = vi
      .spyOn(db.notifications, 'put')
      .mockImplementation(() => Promise.reject(new Error('quota')) as never);
    await expect(checkIn(db, { ...slotRef, position: null, now: () => at('08:00') })).rejects.toThrow();
    spy.mockRestore();
    expect(await db.planningLogs.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a double tap writes one check-in', async () => {
    const tap = () => checkIn(db, { ...slotRef, position: null, now: () => at('08:00') });
    const [first, second] = await Promise.all([tap(), tap()]);
    expect(first).toEqual(second);
    const third = await tap();
    expect(third).toEqual({ ok: false, code: 'in-progress' });
    expect(await db.planningLogs.count()).toBe(1);
    expect(await db.notifications.count()).toBe(1);
  });

  it('two taps from two tabs (no shared guard) still write one check-in: the gate runs in the transaction', async () => {
    const other = openDatabase(db.name); // a second connection, as another tab would hold
    opened.push(other);
    const results = await Promise.all([
      checkIn(db, { ...slotRef, position: null, now: () => at('08:00') }),
      checkIn(other, { ...slotRef, date: DATE, position: null, now: () => at('08:00:01') }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await db.planningLogs.count()).toBe(1);
  });

  it('refuses with the domain codes and the spec messages', async () => {
    expect(await checkOut(db, { ...slotRef, position: null, now: () => at('08:00') })).toEqual({
      ok: false,
      code: 'not-started',
    });
    await checkIn(db, { ...slotRef, position: null, now: () => at('08:00') });
    await checkOut(db, { ...slotRef, position: null, now: () => at('09:00') });
    const refused = await checkIn(db, { ...slotRef, position: null, now: () => at('09:05') });
    expect(refused).toEqual({ ok: false, code: 'finished' });
    expect(checkRefusalMessage('finished')).toBe(
      "Aucune action n'est possible sur un cours terminé aujourd'hui.",
    );
    expect(await checkIn(db, { ...slotRef, timetableId: 'nope', position: null })).toEqual({
      ok: false,
      code: 'slot-not-found',
    });
  });

  it('asks the device for a position when none is given, and proceeds without it when refused', async () => {
    const denied: GeolocationLike = {
      getCurrentPosition: (_ok, fail) =>
        fail?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1 } as GeolocationPositionError),
    };
    vi.stubGlobal('navigator', { geolocation: denied });
    try {
      const result = await checkIn(db, { ...slotRef, now: () => at('08:00') });
      expect(result.ok && result.log).toMatchObject({ latitude: null, longitude: null, accuracy: null });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('captureCheckPosition', () => {
  it('asks with high accuracy, no cache and a 10-second time-out', async () => {
    const getCurrentPosition = vi.fn<GeolocationLike['getCurrentPosition']>((ok) =>
      ok({ coords: { latitude: 1.5, longitude: 2.5, accuracy: 8 } } as GeolocationPosition),
    );
    expect(await captureCheckPosition({ getCurrentPosition })).toEqual({
      latitude: 1.5,
      longitude: 2.5,
      accuracy: 8,
    });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
      enableHighAccuracy: true,
      maximumAge: 0,
      timeout: 10_000,
    });
  });

  it.each([
    ['refused', (_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code: 1 } as never)],
    [
      'unavailable',
      (_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code: 2 } as never),
    ],
    [
      'throwing',
      () => {
        throw new Error('insecure context');
      },
    ],
  ])('%s -> no position, silently', async (_label, impl) => {
    expect(await captureCheckPosition({ getCurrentPosition: impl })).toBeNull();
  });

  it('no geolocation at all -> no position', async () => {
    expect(await captureCheckPosition(null)).toBeNull();
  });

  it('a device that never answers -> no position after the time-out', async () => {
    vi.useFakeTimers();
    try {
      const pending = captureCheckPosition({ getCurrentPosition: () => undefined });
      await vi.advanceTimersByTimeAsync(11_000);
      expect(await pending).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('runAutoCheckouts', () => {
  it('writes the automatic check-out and its notification once the planned duration passed', async () => {
    await checkIn(db, { ...slotRef, position: null, now: () => at('08:05') });
    // checked in 5 minutes late: closed at the planned end 10:00, not at check-in + 2 h
    expect(await runAutoCheckouts(db, at('09:59:59'))).toBe(0);
    expect(await runAutoCheckouts(db, at('10:00'))).toBe(1);
    expect(await runAutoCheckouts(db, at('10:00:15'))).toBe(0);
    const auto = (await db.planningLogs.toArray()).find((l) => l.action === 'planning-checkout');
    expect(auto).toMatchObject({
      actorUserName: 'AUTO',
      note: 'départ automatique',
      timestamp: at('10:00'),
    });
    expect(auto?.id.startsWith('auto-')).toBe(true);
    expect(await db.notifications.get(auto?.id ?? '')).toMatchObject({ kind: 'checkout', read: false });
  });

  it('two devices (or one offline) end with exactly one automatic check-out once merged', async () => {
    await checkIn(db, { ...slotRef, position: null, now: () => at('08:05') });
    const other = await seededDb();
    await other.planningLogs.bulkPut(await db.planningLogs.toArray()); // the check-in reached device B by sync
    expect(await runAutoCheckouts(db, at('10:06'))).toBe(1);
    expect(await runAutoCheckouts(other, at('11:30'))).toBe(1); // device B was offline, runs later
    const merged = new Map<string, unknown>();
    for (const log of [...(await db.planningLogs.toArray()), ...(await other.planningLogs.toArray())])
      merged.set(log.id, log);
    const checkouts = [...merged.values()].filter(
      (l) => (l as { action: string }).action === 'planning-checkout',
    );
    expect(checkouts).toHaveLength(1);
    expect(await db.planningLogs.toArray()).toEqual(await other.planningLogs.toArray());
  });

  it('startAutoCheckoutLoop runs at once, then every 15 seconds, until stopped', async () => {
    await checkIn(db, { ...slotRef, position: null, now: () => at('08:05') });
    let clock = at('09:00');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stop = startAutoCheckoutLoop({ db, now: () => clock });
      await new Promise((resolve) => setTimeout(resolve, 100)); // the first run finds nothing to close
      expect(await db.planningLogs.count()).toBe(1);
      clock = at('10:05');
      await vi.advanceTimersByTimeAsync(15_000);
      await vi.waitFor(async () => expect(await db.planningLogs.count()).toBe(2));
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

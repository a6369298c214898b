import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { writeBatch } from '../../src/db/repository';
import { correctCheckTime } from '../../src/services/attendance';
import {
  closeMonth,
  readClosures,
  readMonthAdjustments,
  reopenMonth,
} from '../../src/services/closing/month-closing';
import { planningLog, slot, weekTimetable } from '../support/builders';

// Thursday 30 April 2026, 08:00-10:00, class-1 of institute i-1.
const timetable = weekTimetable('tt-1', '2026-04-27', [slot({ dayOfWeek: 4 })]);
const admin = { userId: 'u-admin', userName: 'Awa Diop' };
const opened: AppDatabase[] = [];
let n = 0;

async function seeded(): Promise<AppDatabase> {
  const db = openDatabase(`closing-services-${(n += 1)}`);
  opened.push(db);
  await writeBatch(db, async (w) => {
    await w.put('timetables', timetable);
    await w.put('institutes', { id: 'i-1', name: 'Institut', abbr: 'I' });
    await w.put('classes', { id: 'class-1', code: 'L1', instituteId: 'i-1' });
    await w.put('planningLogs', planningLog('in-1', 'in', '2026-04-30T08:00:00.000Z'));
    await w.put('planningLogs', planningLog('out-1', 'out', '2026-04-30T09:00:00.000Z'));
  });
  await db.outbox.clear();
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('closing services', () => {
  it('closes a month once it is over, for a full administrator only, and queues it for the server', async () => {
    const db = await seeded();
    const request = { month: '2026-04', instituteId: null, actor: admin, isFullAdministrator: true };
    expect(await closeMonth(db, { ...request, now: '2026-04-30T23:59:59.999Z' })).toEqual({
      ok: false,
      code: 'month-not-over',
    });
    expect(
      await closeMonth(db, { ...request, isFullAdministrator: false, now: '2026-05-02T10:00:00.000Z' }),
    ).toEqual({ ok: false, code: 'not-administrator' });
    expect(await closeMonth(db, { ...request, now: '2026-05-02T10:00:00.000Z' })).toEqual({ ok: true });
    expect(await readClosures(db)).toEqual([
      expect.objectContaining({ id: 'closure-2026-04-org', status: 'closed', closedByUserId: 'u-admin' }),
    ]);
    expect((await db.outbox.toArray()).map((m) => m.collection)).toEqual(['monthClosures']);
    expect(await closeMonth(db, { ...request, now: '2026-05-02T10:00:00.000Z' })).toEqual({
      ok: false,
      code: 'already-closed',
    });
  });

  it('makes a correction of a closed day an adjustment of the next open month; reopened, in place', async () => {
    const db = await seeded();
    await closeMonth(db, {
      month: '2026-04',
      instituteId: 'i-1',
      actor: admin,
      isFullAdministrator: true,
      now: '2026-05-02T10:00:00.000Z',
    });
    const target = (await db.planningLogs.get('out-1'))!;
    const correct = () =>
      correctCheckTime(db, {
        target,
        time: '10:00',
        reason: 'Départ oublié',
        actor: admin,
        now: '2026-05-03T10:00:00.000Z',
      });
    const first = await correct();
    expect(first.ok && first.log.adjustmentMonth).toBe('2026-05');
    // May's statement reads it with the minutes it adds: the Départ from 09:00 to 10:00, one hour.
    const may = await readMonthAdjustments(db, '2026-05', '2026-05-03T10:00:00.000Z');
    expect(may.map((a) => [a.date, a.deltaMinutes, a.correction.id])).toEqual([
      ['2026-04-30', 60, first.ok ? first.log.id : ''],
    ]);
    expect(await readMonthAdjustments(db, '2026-06', '2026-05-03T10:00:00.000Z')).toEqual([]);
    expect(
      await reopenMonth(db, {
        closureId: 'closure-2026-04-institute-i-1',
        reason: ' ',
        actor: admin,
        isFullAdministrator: true,
      }),
    ).toEqual({ ok: false, code: 'reason-required' });
    expect(
      await reopenMonth(db, {
        closureId: 'closure-2026-04-institute-i-1',
        reason: 'oubli',
        actor: admin,
        isFullAdministrator: true,
        now: '2026-05-03T11:00:00.000Z',
      }),
    ).toEqual({ ok: true });
    const second = await correct();
    expect(second.ok && (second.log.adjustmentMonth ?? null)).toBeNull();
  });
});

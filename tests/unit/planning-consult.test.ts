import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { LEGEND_COLORS, legendColor, legendColors } from '../../src/domain/planning/legend-colors';
import { buildSlotDisplayItems } from '../../src/domain/planning/slot-display';
import { slotOccurrences } from '../../src/domain/planning/occurrences';
import type { Timetable } from '../../src/domain/store/schema';
import { weekRange } from '../../src/domain/time/period';
import {
  cancelTimetableSlot,
  changeSlotDeliveryMode,
  checkReschedule,
  planningLogsOfSlot,
  rescheduleTimetableSlot,
  timetablesOfPeriod,
} from '../../src/services/planning';

const actor = { userId: 'u-admin', userName: 'Awa Diop' };
const NOW = '2026-03-18T09:00:00Z';

function weekTimetable(id: string, classId: string, overrides: Partial<Timetable> = {}): Timetable {
  return {
    id,
    periodicity: 'week',
    year: 2026,
    weekStartDate: '2026-03-16',
    classId,
    createdAt: '2026-03-01T00:00:00Z',
    slots: [
      {
        dayOfWeek: 1,
        startTime: '08:00',
        endTime: '10:00',
        moduleId: 'm-math',
        teacherUserId: 'u-t1',
        deliveryMode: 'presentiel',
        canceled: false,
      },
      {
        dayOfWeek: 2,
        startTime: '10:00',
        endTime: '12:00',
        moduleId: 'm-info',
        teacherUserId: 'u-t2',
        deliveryMode: 'presentiel',
        canceled: false,
      },
    ],
    ...overrides,
  };
}

describe('legend colours', () => {
  it('has 20 colours that rotate after the 20th key', () => {
    expect(LEGEND_COLORS).toHaveLength(20);
    const keys = Array.from({ length: 21 }, (_, i) => `k${String(i).padStart(2, '0')}`);
    expect(legendColor('k00', keys)).toBe(LEGEND_COLORS[0]);
    expect(legendColor('k19', keys)).toBe(LEGEND_COLORS[19]);
    expect(legendColor('k20', keys)).toBe(LEGEND_COLORS[0]);
  });

  it('does not depend on the order or repetition of the keys', () => {
    expect(legendColor('b', ['c', 'b', 'a', 'b'])).toBe(legendColor('b', ['a', 'b', 'c']));
    expect(legendColors(['c', 'a', 'c', 'b']).get('c')).toBe(LEGEND_COLORS[2]);
  });

  it('gives a key absent from the list the colour of its sorted position', () => {
    expect(legendColor('b', ['a', 'c'])).toBe(LEGEND_COLORS[1]);
  });
});

describe('slot display items', () => {
  it('resolves names, colours by module or teacher and leaves canceled slots without status', () => {
    const timetable = weekTimetable('tt-1', 'c-1');
    const canceled: Timetable = {
      ...timetable,
      slots: timetable.slots.map((s, i) => (i === 1 ? { ...s, canceled: true } : s)),
    };
    const occurrences = slotOccurrences([canceled], weekRange('2026-03-16'), { includeCanceled: true });
    const names = {
      classes: new Map([['c-1', 'L1-INFO']]),
      modules: new Map([
        ['m-math', 'Mathématiques'],
        ['m-info', 'Informatique'],
      ]),
      teachers: new Map([['u-t1', 'Moussa Fall']]),
      unknown: '?',
    };
    const { items, legend } = buildSlotDisplayItems({
      occurrences,
      names,
      logs: [],
      now: NOW,
      colorBy: 'teacher',
    });
    expect(items.map((i) => [i.date, i.title, i.subtitle, i.status, i.canceled])).toEqual([
      ['2026-03-16', 'Mathématiques', 'L1-INFO · Moussa Fall', 'late', false],
      ['2026-03-17', 'Informatique', 'L1-INFO · ?', null, true],
    ]);
    expect(legend.map((l) => l.label)).toEqual(['?', 'Moussa Fall']);
    expect(items[0]?.color).toBe(legendColor('u-t1', ['u-t1', 'u-t2']));
  });
});

describe('planning services', () => {
  let db: AppDatabase;
  let n = 0;
  beforeEach(async () => {
    db = openDatabase(`planning-consult-${(n += 1)}`);
    await db.timetables.bulkPut([weekTimetable('tt-1', 'c-1'), weekTimetable('tt-2', 'c-2', { slots: [] })]);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('writes the canceled timetable and its log in one transaction, with two outbox mutations', async () => {
    const result = await cancelTimetableSlot(db, { timetableId: 'tt-1', slotIndex: 0, actor, now: NOW });
    expect(result.ok).toBe(true);
    expect((await db.timetables.get('tt-1'))?.slots[0]?.canceled).toBe(true);
    const logs = await db.planningLogs.toArray();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      action: 'planning-cancel',
      timetableId: 'tt-1',
      slotIndex: 0,
      actorUserName: 'Awa Diop',
    });
    const outbox = await db.outbox.toArray();
    expect(outbox.map((m) => m.collection).sort()).toEqual(['planningLogs', 'timetables']);
  });

  it('writes neither the timetable nor the log when the transaction fails', async () => {
    const failing = () => {
      throw new Error('disk full');
    };
    db.planningLogs.hook('creating', failing);
    await expect(
      cancelTimetableSlot(db, { timetableId: 'tt-1', slotIndex: 0, actor, now: NOW }),
    ).rejects.toThrow();
    db.planningLogs.hook('creating').unsubscribe(failing);
    expect((await db.timetables.get('tt-1'))?.slots[0]?.canceled).toBe(false);
    expect(await db.planningLogs.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a second cancel and an unknown timetable without writing', async () => {
    await cancelTimetableSlot(db, { timetableId: 'tt-1', slotIndex: 0, actor, now: NOW });
    expect(await cancelTimetableSlot(db, { timetableId: 'tt-1', slotIndex: 0, actor, now: NOW })).toEqual({
      ok: false,
      code: 'already-canceled',
    });
    expect(await cancelTimetableSlot(db, { timetableId: 'nope', slotIndex: 0, actor, now: NOW })).toEqual({
      ok: false,
      code: 'timetable-not-found',
    });
    expect(await db.planningLogs.count()).toBe(1);
  });

  it('reschedules with before/after and toggles the delivery mode with modeBefore/modeAfter', async () => {
    await cancelTimetableSlot(db, { timetableId: 'tt-1', slotIndex: 0, actor, now: NOW });
    const moved = await rescheduleTimetableSlot(db, {
      timetableId: 'tt-1',
      slotIndex: 0,
      dayOfWeek: 3,
      startTime: '9:00',
      endTime: '11:30',
      actor,
      now: '2026-03-18T09:01:00Z',
    });
    expect(moved.ok && moved.value.slot).toMatchObject({
      dayOfWeek: 3,
      startTime: '09:00',
      endTime: '11:30',
      canceled: false,
    });
    const toggled = await changeSlotDeliveryMode(db, {
      timetableId: 'tt-1',
      slotIndex: 0,
      actor,
      now: '2026-03-18T09:02:00Z',
    });
    expect(toggled.ok && toggled.value.slot.deliveryMode).toBe('en-ligne');
    const logs = await planningLogsOfSlot(db, 'tt-1', 0);
    expect(logs.map((l) => l.action)).toEqual([
      'planning-change-mode',
      'planning-reschedule',
      'planning-cancel',
    ]);
    expect(logs[1]?.before).toEqual({ dayOfWeek: 1, startTime: '08:00', endTime: '10:00' });
    expect(logs[1]?.after).toEqual({ dayOfWeek: 3, startTime: '09:00', endTime: '11:30' });
    expect([logs[0]?.modeBefore, logs[0]?.modeAfter]).toEqual(['presentiel', 'en-ligne']);
  });

  it('refuses an invalid time without writing', async () => {
    const result = await rescheduleTimetableSlot(db, {
      timetableId: 'tt-1',
      slotIndex: 0,
      dayOfWeek: 1,
      startTime: '8h',
      endTime: '10:00',
      actor,
    });
    expect(result).toEqual({ ok: false, code: 'invalid-start-time' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('finds the teacher conflict a reschedule would create in another class', async () => {
    await db.timetables.put(
      weekTimetable('tt-2', 'c-2', {
        slots: [
          {
            dayOfWeek: 4,
            startTime: '14:00',
            endTime: '16:00',
            moduleId: 'm-info',
            teacherUserId: 'u-t1',
            deliveryMode: 'presentiel',
            canceled: false,
          },
        ],
      }),
    );
    const clash = await checkReschedule(db, {
      timetableId: 'tt-1',
      slotIndex: 0,
      dayOfWeek: 4,
      startTime: '15:00',
      endTime: '17:00',
    });
    expect(clash.ok && clash.conflicts.length).toBe(1);
    const free = await checkReschedule(db, {
      timetableId: 'tt-1',
      slotIndex: 0,
      dayOfWeek: 4,
      startTime: '16:00',
      endTime: '17:00',
    });
    expect(free.ok && free.conflicts.length).toBe(0);
  });

  it('reads the timetables of a week and of a month, with weekly ones starting in the month', async () => {
    await db.timetables.bulkPut([
      weekTimetable('tt-dec', 'c-1', { year: 2026, weekStartDate: '2025-12-29' }),
      weekTimetable('tt-month', 'c-1', { periodicity: 'month', month: 3, weekStartDate: null }),
      weekTimetable('tt-apr', 'c-1', { weekStartDate: '2026-03-30' }),
    ]);
    const week = await timetablesOfPeriod(db, { kind: 'week', weekStartDate: '2026-03-16' });
    expect(week.map((t) => t.id)).toEqual(['tt-1', 'tt-2']);
    const month = await timetablesOfPeriod(db, { kind: 'month', year: 2026, month: 3 });
    expect(month.map((t) => t.id)).toEqual(['tt-1', 'tt-2', 'tt-apr', 'tt-month']);
    const yearBoundary = await timetablesOfPeriod(db, { kind: 'week', weekStartDate: '2025-12-29' });
    expect(yearBoundary.map((t) => t.id)).toEqual(['tt-dec']);
  });
});

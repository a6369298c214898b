import { fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../../src/db/database';
import { LEGEND_COLORS, legendColor, legendColors } from '../../src/domain/planning/legend-colors';
import { buildSlotDisplayItems, type SlotDisplayItem } from '../../src/domain/planning/slot-display';
import { findTeacherConflicts } from '../../src/domain/planning/conflicts';
import { planImportDeletion } from '../../src/domain/planning/import-deletion';
import { sortNames } from '../../src/domain/planning/name-list';
import { OVERLAP_MAX_COLUMNS, overlapLayout } from '../../src/domain/planning/overlap-columns';
import { BlockedList } from '../../src/features/planning/history/blocked-list';
import { MonthCalendar } from '../../src/ui/timetable/month-calendar';
import { slotOccurrences } from '../../src/domain/planning/occurrences';
import type { PlanningImport, SchoolClass, Timetable } from '../../src/domain/store/schema';
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
      // Two days after its end with no check-in: "Non émargé" (issue 32), no longer "En retard".
      ['2026-03-16', 'Mathématiques', 'L1-INFO · Moussa Fall', 'missed', false],
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

  it('reads in a month the weekly timetables of a week that starts in the previous month and ends in it', async () => {
    await db.timetables.bulkPut([
      // Monday 23/02: Thursday 26/02 is still February, Sunday 01/03 is in March.
      weekTimetable('tt-feb-23', 'c-1', { weekStartDate: '2026-02-23' }),
      // Monday 16/02: the whole week is in February.
      weekTimetable('tt-feb-16', 'c-1', { weekStartDate: '2026-02-16' }),
      // Monday 29/12/2025 stored under the ISO week-year 2026: Thursday 01/01 is in January.
      weekTimetable('tt-dec-29', 'c-1', { year: 2026, weekStartDate: '2025-12-29' }),
      // Monday 22/12/2025: the whole week is in December.
      weekTimetable('tt-dec-22', 'c-1', { year: 2025, weekStartDate: '2025-12-22' }),
    ]);
    const march = await timetablesOfPeriod(db, { kind: 'month', year: 2026, month: 3 });
    expect(march.map((t) => t.id)).toEqual(['tt-1', 'tt-2', 'tt-feb-23']);
    const january = await timetablesOfPeriod(db, { kind: 'month', year: 2026, month: 1 });
    expect(january.map((t) => t.id)).toEqual(['tt-dec-29']);
  });
});

describe('first-week details of the timetables', () => {
  const item = (date: string, startTime: string, endTime: string, n: number): SlotDisplayItem => ({
    key: `k-${date}-${n}`,
    timetableId: 'tt-1',
    slotIndex: n,
    date,
    dayOfWeek: 1,
    startTime,
    endTime,
    title: `Gestion de projet ${n}`,
    subtitle: 'L1-INFO · Moussa Fall',
    moduleName: `Gestion de projet ${n}`,
    className: 'L1-INFO',
    teacherName: 'Moussa Fall',
    moduleId: `m-${n}`,
    teacherUserId: 'u-t1',
    classId: 'c-1',
    status: 'not-started',
    canceled: false,
    deliveryMode: 'presentiel',
    color: '#1d4ed8',
  });

  it('sorts legends naturally: Module 2 before Module 10', () => {
    const keys = ['m10', 'm2', 'm1', 'm0'];
    const modules = new Map(keys.map((k) => [k, `Module ${k.slice(1)}`]));
    const timetable = weekTimetable('tt-1', 'c-1', {
      slots: keys.map((moduleId, i) => ({
        dayOfWeek: 1,
        startTime: `${8 + i}:00`,
        endTime: `${9 + i}:00`,
        moduleId,
        teacherUserId: 'u-t1',
        deliveryMode: 'presentiel' as const,
        canceled: false,
      })),
    });
    const occurrences = slotOccurrences([timetable], weekRange('2026-03-16'));
    const { legend } = buildSlotDisplayItems({
      occurrences,
      names: { classes: new Map(), modules, teachers: new Map(), unknown: '?' },
      logs: [],
      now: NOW,
      colorBy: 'module',
    });
    expect(legend.map((l) => l.label)).toEqual(['Module 0', 'Module 1', 'Module 2', 'Module 10']);
    expect(legendColors(keys).get('m10')).toBe(LEGEND_COLORS[3]);
  });

  it.each([
    [
      'two overlapping courses stay side by side',
      [
        ['08:00', '10:00'],
        ['09:00', '10:00'],
      ],
      [false, false],
      0,
    ],
    [
      'a third overlapping course goes behind a count with the second',
      [
        ['08:00', '10:00'],
        ['08:30', '10:00'],
        ['09:00', '10:00'],
      ],
      [false, true, true],
      2,
    ],
    [
      'four courses: the first column stays, the two in later columns go behind the count',
      [
        ['08:00', '12:00'],
        ['08:00', '09:00'],
        ['08:00', '09:00'],
        ['09:00', '10:00'],
      ],
      [true, false, true, false],
      2,
    ],
  ] as const)('%s', (_label, ranges, hidden, counted) => {
    const { columns, overflows } = overlapLayout(
      ranges.map(([startTime, endTime]) => ({ startTime, endTime })),
    );
    expect(columns.map((c) => c.isHidden)).toEqual(hidden);
    expect(columns.every((c) => c.columnCount <= OVERLAP_MAX_COLUMNS)).toBe(true);
    expect(overflows.reduce((sum, o) => sum + o.indexes.length, 0)).toBe(counted);
  });

  it("reads '+1 autre' for one hidden course and opens the day", async () => {
    const items = [0, 1, 2, 3, 4].map((n) => item('2026-03-16', `0${8 + (n % 2)}:00`, '10:00', n));
    render(createElement(MonthCalendar, { year: 2026, month: 3, items, now: new Date(NOW), label: 'Mars' }));
    const more = screen.getByRole('button', { name: /1 autre cours le Lundi 16\/03/ });
    expect(more.textContent).toBe('+1 autre');
    fireEvent.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Lundi 16/03' });
    expect(within(dialog).getAllByRole('button', { name: /^Gestion de projet/ })).toHaveLength(5);
  });

  it('lists teacher conflicts by date then time, whatever the timetable ids', () => {
    const slotAt = (dayOfWeek: number, startTime: string, endTime: string) => ({
      dayOfWeek,
      startTime,
      endTime,
      moduleId: 'm',
      teacherUserId: 'u-t1',
      deliveryMode: 'presentiel' as const,
      canceled: false,
    });
    const a = weekTimetable('tt-a', 'c-1', {
      slots: [slotAt(3, '08:00', '10:00'), slotAt(1, '14:00', '16:00')],
    });
    const z = weekTimetable('tt-z', 'c-2', {
      slots: [slotAt(1, '15:00', '16:00'), slotAt(3, '09:00', '10:00')],
    });
    const b = weekTimetable('tt-b', 'c-3', { slots: [slotAt(1, '08:00', '09:00')] });
    const y = weekTimetable('tt-0', 'c-4', { slots: [slotAt(1, '08:30', '09:00')] });
    const conflicts = findTeacherConflicts([a, z, b, y]);
    expect(conflicts.map((c) => c.dates[0])).toEqual(['2026-03-16', '2026-03-16', '2026-03-18']);
    expect(conflicts.map((c) => [c.a.timetableId, c.b.timetableId])).toEqual([
      ['tt-0', 'tt-b'],
      ['tt-a', 'tt-z'],
      ['tt-a', 'tt-z'],
    ]);
  });

  it('previews an import deletion with names in natural order, blockers too', () => {
    const planningImport = {
      id: 'imp-1',
      periodicity: 'week',
      year: 2026,
      weekStartDate: '2026-03-16',
      month: null,
      fileName: 'p.xlsx',
      createdAt: NOW,
    } satisfies PlanningImport;
    const names = ['L1-10', 'L1-2', 'l1-1', 'É-1'];
    const classes: SchoolClass[] = names.map((code, i) => ({
      id: `c-${i}`,
      code,
      createdByImportId: 'imp-1',
    }));
    const plan = planImportDeletion({
      planningImport,
      timetables: [],
      classes,
      courseModules: [],
      users: [],
    });
    expect(plan.ok && plan.value.classes.map((c) => c.code)).toEqual(['É-1', 'l1-1', 'L1-2', 'L1-10']);
    expect(sortNames(['Module 10', 'Module 2', 'module 1'])).toEqual(['module 1', 'Module 2', 'Module 10']);
  });
});

describe('Suppression bloquée', () => {
  it("lists at most 5 blocking items then '+ N autres'", () => {
    const blockers = Array.from({ length: 17 }, (_, i) => ({
      kind: 'module' as const,
      id: `m-${i}`,
      name: `Module ${i}`,
      timetableIds: ['tt-x'],
    }));
    const { container } = render(createElement(BlockedList, { blockers }));
    const lines = within(container)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('+ 12 autres');
  });
});

import { describe, expect, it } from 'vitest';
import type { AppNotification, PlanningLog, Timetable } from '../../src/domain/store/schema';
import {
  AUTO_CHECKOUT_POLL_MS,
  autoCheckoutId,
  pendingAutoCheckoutRecords,
  pendingAutoCheckouts,
} from '../../src/domain/attendance/auto-checkout';
import { attendanceOverview } from '../../src/domain/attendance/overview';
import { notificationForLog, recordCheck } from '../../src/domain/attendance/check-actions';
import {
  EARTH_RADIUS_M,
  GEOLOCATION_OPTIONS,
  GEOLOCATION_TIMEOUT_MS,
  haversineDistanceM,
  IMPRECISE_ACCURACY_M,
  locationFlags,
  positionOfLog,
} from '../../src/domain/attendance/location';
import {
  groupNotifications,
  markAllRead,
  NOTIFICATION_BADGE_MAX,
  NOTIFICATION_LIST_MAX,
  notificationBadgeText,
  unreadCount,
} from '../../src/domain/attendance/notifications';
import { realSessions, realTimeByModuleAndClass, totalMinutes } from '../../src/domain/attendance/real-time';
import {
  AUTO_ACTOR_NAME,
  AUTO_CHECKOUT_NOTE,
  CHECKIN_OPENS_BEFORE_MIN,
  checkInGate,
  checkOutGate,
  LATE_AFTER_MIN,
  logsForSlotDay,
  slotAttendance,
} from '../../src/domain/attendance/status';
import { dayRange, monthRange, weekRange } from '../../src/domain/time/period';
import { planningLog, slot, weekTimetable } from '../support/builders';

const DATE = '2025-03-10'; // a Monday
const at = (time: string, date = DATE): string => `${date}T${time.length === 5 ? `${time}:00` : time}.000Z`;

const timetable = weekTimetable('tt-1', DATE, [
  slot(),
  slot({ startTime: '10:30', endTime: '12:00', moduleId: 'mod-fr' }),
  slot({ canceled: true }),
]);

/** A check-in or check-out of course 0 by its teacher. */
const log = (id: string, kind: 'in' | 'out', timestamp: string, overrides: Partial<PlanningLog> = {}) =>
  planningLog(id, kind, timestamp, { actorUserId: 'teacher-a', actorUserName: 'Awa', ...overrides });

const day = { timetable, slotIndex: 0, date: DATE };

describe('constants of spec part 2 point 9', () => {
  it('match the specification', () => {
    expect([LATE_AFTER_MIN, CHECKIN_OPENS_BEFORE_MIN, AUTO_CHECKOUT_POLL_MS, GEOLOCATION_TIMEOUT_MS]).toEqual(
      [10, 30, 15_000, 10_000],
    );
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, maximumAge: 0, timeout: 10_000 });
  });
});

describe('slot status for a day (spec part 2 point 4)', () => {
  it.each([
    ['before the start', [], '07:00', 'not-started'],
    ['at the start', [], '08:00', 'not-started'],
    ['9 min 59 s after the start', [], '08:09:59', 'not-started'],
    ['exactly 10 min after the start', [], '08:10:00', 'not-started'],
    ['10 min 1 s after the start', [], '08:10:01', 'late'],
    ['9 minutes after the start', [], '08:09', 'not-started'],
    ['11 minutes after the start', [], '08:11', 'late'],
    // Issue 32: after its end, a course nobody checked into is "Non émargé", not "En retard" forever.
    ['1 s before the end without check-in', [], '09:59:59', 'late'],
    ['at the end without check-in', [], '10:00', 'missed'],
    ['long after the end without check-in', [], '18:00', 'missed'],
    ['checked in', [log('c1', 'in', at('08:05'))], '09:00', 'in-progress'],
    ['checked in late is in progress, not late', [log('c1', 'in', at('08:30'))], '08:31', 'in-progress'],
    ['1 ms before the duration elapses', [log('c1', 'in', at('08:05'))], '10:04:59.999', 'in-progress'],
    ['exactly the duration after check-in', [log('c1', 'in', at('08:05'))], '10:05', 'finished'],
    ['after check-out', [log('c1', 'in', at('08:05')), log('o1', 'out', at('09:30'))], '09:31', 'finished'],
    [
      'check-out at the same instant',
      [log('c1', 'in', at('08:05')), log('o1', 'out', at('08:05'))],
      '08:06',
      'finished',
    ],
    [
      're-check-in after check-out',
      [log('c1', 'in', at('08:05')), log('o1', 'out', at('09:00')), log('c2', 'in', at('09:10'))],
      '09:20',
      'in-progress',
    ],
    [
      're-check-in runs its own duration',
      [log('c1', 'in', at('08:05')), log('o1', 'out', at('09:00')), log('c2', 'in', at('09:10'))],
      '11:10',
      'finished',
    ],
    ['a check-out alone starts nothing', [log('o1', 'out', at('08:05'))], '08:30', 'late'],
    ['logs of another slot are ignored', [log('c1', 'in', at('08:05'), { slotIndex: 1 })], '08:30', 'late'],
    [
      'logs of another timetable are ignored',
      [log('c1', 'in', at('08:05'), { timetableId: 'x' })],
      '08:30',
      'late',
    ],
    ['logs of another day are ignored', [log('c1', 'in', at('08:05', '2025-03-03'))], '08:30', 'late'],
  ])('%s', (_label, logs, now, status) => {
    expect(slotAttendance({ ...day, logs, now: at(now) }).status).toBe(status);
  });

  it.each([
    ['manual check-out', log('o1', 'out', at('09:30')), 'checkout'],
    [
      'automatic check-out',
      log('auto-c1', 'out', at('10:05'), { actorUserName: AUTO_ACTOR_NAME }),
      'auto-checkout',
    ],
  ] as const)('finished by %s', (_label, checkout, finishedBy) => {
    const attendance = slotAttendance({
      ...day,
      logs: [log('c1', 'in', at('08:05')), checkout],
      now: at('11:00'),
    });
    expect(attendance.finishedBy).toBe(finishedBy);
    expect(attendance.lastCheckout?.id).toBe(checkout.id);
  });

  it('finished by the duration before the automatic check-out is written', () => {
    expect(
      slotAttendance({ ...day, logs: [log('c1', 'in', at('08:05'))], now: at('10:05') }).finishedBy,
    ).toBe('duration-elapsed');
  });

  it('logsForSlotDay keeps only check logs of the slot and day, oldest first', () => {
    const logs = [
      log('b', 'out', at('09:00')),
      log('a', 'in', at('08:00')),
      log('x', 'in', at('08:00'), { action: 'planning-cancel' }),
      log('y', 'in', at('08:00', '2025-03-11')),
    ];
    expect(logsForSlotDay(logs, 'tt-1', 0, DATE).map((l) => l.id)).toEqual(['a', 'b']);
  });
});

describe('Arrivée (spec part 2 point 4)', () => {
  it.each([
    ['30 min 1 s before the start', [], '07:29:59', { ok: false, code: 'too-early' }],
    ['exactly 30 minutes before the start', [], '07:30:00', { ok: true }],
    ['29 minutes before the start', [], '07:31', { ok: true }],
    ['late', [], '08:30', { ok: true }],
    // Beyond the spec: check-in closes at the planned end (a course that never happened is not paid).
    ['1 s before the end without check-in', [], '09:59:59', { ok: true }],
    ['at the end without check-in', [], '10:00:00', { ok: false, code: 'ended' }],
    ['after the end without check-in', [], '11:00', { ok: false, code: 'ended' }],
    [
      'in progress (a second tap)',
      [log('c1', 'in', at('08:05'))],
      '08:06',
      { ok: false, code: 'in-progress' },
    ],
    [
      'finished',
      [log('c1', 'in', at('08:05')), log('o1', 'out', at('09:00'))],
      '09:05',
      { ok: false, code: 'finished' },
    ],
    [
      'finished by the elapsed duration',
      [log('c1', 'in', at('08:05'))],
      '10:05',
      { ok: false, code: 'finished' },
    ],
    ['the day before', [], '07:45:00', { ok: false, code: 'not-today' }, '2025-03-09'],
    ['the day after', [], '07:45:00', { ok: false, code: 'not-today' }, '2025-03-11'],
  ])('%s', (_label, logs, time, expected, nowDate = DATE) => {
    const gate = checkInGate({ ...day, logs, now: at(time, nowDate) });
    expect(gate.ok ? { ok: true } : gate).toEqual(expected);
  });

  it('refuses a re-check-in after check-out: no action once finished', () => {
    const logs = [log('c1', 'in', at('08:05')), log('o1', 'out', at('08:50'))];
    expect(checkInGate({ ...day, logs, now: at('09:00') })).toEqual({ ok: false, code: 'finished' });
  });

  it('refuses canceled slots, unknown slots and dates the slot does not happen on', () => {
    const now = at('08:00');
    expect(checkInGate({ ...day, slotIndex: 2, logs: [], now })).toEqual({ ok: false, code: 'canceled' });
    expect(checkInGate({ ...day, slotIndex: 9, logs: [], now })).toEqual({
      ok: false,
      code: 'slot-not-found',
    });
    expect(checkInGate({ ...day, date: '2025-03-11', logs: [], now: at('08:00', '2025-03-11') })).toEqual({
      ok: false,
      code: 'not-scheduled',
    });
  });
});

describe('Départ (spec part 2 point 4)', () => {
  it.each([
    ['nothing started', [], '08:30', { ok: false, code: 'not-started' }],
    ['in progress', [log('c1', 'in', at('08:05'))], '09:00', { ok: true }],
    ['1 s before the planned end', [log('c1', 'in', at('08:05'))], '09:59:59', { ok: true }],
    [
      'at the planned end (before the duration after check-in)',
      [log('c1', 'in', at('08:05'))],
      '10:00',
      { ok: false, code: 'finished' },
    ],
    ['early check-in: 1 s before its duration', [log('c1', 'in', at('07:40'))], '09:39:59', { ok: true }],
    [
      'early check-in: open until the planned end (issue 32)',
      [log('c1', 'in', at('07:40'))],
      '09:40',
      { ok: true },
    ],
    [
      'early check-in: no Départ before the planned start',
      [log('c1', 'in', at('07:40'))],
      '07:59',
      { ok: false, code: 'before-start' },
    ],
    [
      'early check-in: at the planned end, finished',
      [log('c1', 'in', at('07:40'))],
      '10:00',
      { ok: false, code: 'finished' },
    ],
    [
      'already checked out',
      [log('c1', 'in', at('08:05')), log('o1', 'out', at('09:00'))],
      '09:01',
      { ok: false, code: 'finished' },
    ],
  ])('%s', (_label, logs, time, expected) => {
    const gate = checkOutGate({ ...day, logs, now: at(time) });
    expect(gate.ok ? { ok: true } : gate).toEqual(expected);
  });
});

describe('recording a check-in or check-out', () => {
  const actor = { userId: 'teacher-a', userName: 'Awa' };

  it('writes the log with its position and an unread notification', () => {
    const result = recordCheck({
      ...day,
      kind: 'checkin',
      logs: [],
      now: at('07:55'),
      actor,
      position: { latitude: 14.69281, longitude: -17.44674, accuracy: 12 },
      logId: 'c1',
      notificationId: 'n1',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        log: expect.objectContaining({
          id: 'c1',
          action: 'planning-checkin',
          timestamp: '2025-03-10T07:55:00.000Z',
          latitude: 14.69281,
          longitude: -17.44674,
          accuracy: 12,
          classId: 'class-1',
          moduleId: 'mod-math',
          teacherUserId: 'teacher-a',
          slotIndex: 0,
        }) as unknown,
        notification: {
          id: 'n1',
          kind: 'checkin',
          createdAt: '2025-03-10T07:55:00.000Z',
          timetableId: 'tt-1',
          slotIndex: 0,
          classId: 'class-1',
          moduleId: 'mod-math',
          teacherUserId: 'teacher-a',
          read: false,
        },
      },
    });
  });

  it('proceeds without position, and a double tap does not write a second check-in', () => {
    const first = recordCheck({
      ...day,
      kind: 'checkin',
      logs: [],
      now: at('08:00'),
      actor,
      position: null,
      logId: 'c1',
      notificationId: 'n1',
    });
    if (!first.ok) throw new Error('first check-in refused');
    expect(first.value.log).toMatchObject({ latitude: null, longitude: null, accuracy: null });
    const second = recordCheck({
      ...day,
      kind: 'checkin',
      logs: [first.value.log],
      now: at('08:00:01'),
      actor,
      position: null,
      logId: 'c2',
      notificationId: 'n2',
    });
    expect(second).toEqual({ ok: false, code: 'in-progress' });
    const out = recordCheck({
      ...day,
      kind: 'checkout',
      logs: [first.value.log],
      now: at('09:50'),
      actor,
      position: null,
      logId: 'o1',
      notificationId: 'n3',
    });
    expect(out.ok && out.value.notification.kind).toBe('checkout');
  });

  it('only check logs make notifications', () => {
    expect(notificationForLog(log('x', 'in', at('08:00'), { action: 'planning-cancel' }), 'n')).toBeNull();
  });
});

describe('automatic check-out (spec part 2 point 4)', () => {
  const run = (logs: PlanningLog[], now: string, timetables = [timetable]) =>
    pendingAutoCheckouts({ timetables, logs, now: at(now) });

  it.each([
    ['1 s before the planned end', '09:59:59', 0],
    ['exactly at the planned end', '10:00:00', 1],
    ['later', '15:00', 1],
  ])('%s', (_label, now, count) => {
    expect(run([log('c1', 'in', at('08:05'))], now)).toHaveLength(count);
  });

  it.each([
    ['check-in 25 min early: the planned end (issue 32)', '07:35', '2025-03-10T10:00:00.000Z'],
    ['check-in at the start: the planned end', '08:00', '2025-03-10T10:00:00.000Z'],
    ['check-in 5 min late: the planned end, not 10:05', '08:05', '2025-03-10T10:00:00.000Z'],
    ['check-in 1 min before the end: 1 minute credited', '09:59', '2025-03-10T10:00:00.000Z'],
  ])('closes at min(check-in + planned duration, planned end): %s', (_label, checkin, expected) => {
    expect(run([log('c1', 'in', at(checkin))], '15:00')[0]?.timestamp).toBe(expected);
  });

  it('is dated min(check-in + planned duration, end), by AUTO, with the note, and a deterministic id', () => {
    const [checkout] = run([log('c1', 'in', at('08:05'))], '15:00');
    expect(checkout).toMatchObject({
      id: 'auto-c1',
      action: 'planning-checkout',
      timestamp: '2025-03-10T10:00:00.000Z',
      actorUserId: null,
      actorUserName: 'AUTO',
      note: AUTO_CHECKOUT_NOTE,
      timetableId: 'tt-1',
      slotIndex: 0,
      classId: 'class-1',
      moduleId: 'mod-math',
      teacherUserId: 'teacher-a',
    });
    expect(autoCheckoutId('c1')).toBe('auto-c1');
    expect(AUTO_CHECKOUT_NOTE).toBe('départ automatique');
  });

  it('two devices write the same record, and once it exists nothing more is written', () => {
    const logs = [log('c1', 'in', at('08:05'))];
    const deviceA = run(logs, '10:05:03');
    const deviceB = run(logs, '10:21:40');
    expect(deviceA).toEqual(deviceB);
    expect(run([...logs, ...deviceA], '10:30')).toEqual([]);
    // an offline device that later sees the other device's record also stays quiet
    expect(run([...deviceB, ...logs], '18:00')).toEqual([]);
  });

  it('after the automatic check-out the slot is finished with the auto badge', () => {
    const logs = [log('c1', 'in', at('08:05'))];
    const all = [...logs, ...run(logs, '10:05')];
    expect(slotAttendance({ ...day, logs: all, now: at('10:06') })).toMatchObject({
      status: 'finished',
      finishedBy: 'auto-checkout',
    });
  });

  it.each([
    [
      'a manual check-out closed it',
      [log('c1', 'in', at('08:05')), log('o1', 'out', at('09:00'))],
      '12:00',
      [],
    ],
    [
      'two check-ins (double tap on two devices): only the latest is closed',
      [log('c1', 'in', at('08:05')), log('c2', 'in', at('08:06'))],
      '10:06',
      ['auto-c2'],
    ],
    [
      're-check-in after a check-out is closed on its own duration',
      [log('c1', 'in', at('08:05')), log('o1', 'out', at('09:00')), log('c2', 'in', at('09:10'))],
      '11:10',
      ['auto-c2'],
    ],
    [
      'a slot that no longer exists is left alone',
      [log('c1', 'in', at('08:05'), { slotIndex: 9 })],
      '18:00',
      [],
    ],
    [
      'each slot and day separately',
      [log('c1', 'in', at('08:05')), log('d1', 'in', at('10:30'), { slotIndex: 1 })],
      '12:00',
      ['auto-c1', 'auto-d1'],
    ],
  ])('%s', (_label, logs, now, ids) => {
    expect(run(logs, now).map((l) => l.id)).toEqual(ids);
  });

  it('the second auto check-out of a day is timed from its own check-in', () => {
    const logs = [log('c1', 'in', at('08:05')), log('o1', 'out', at('09:00')), log('c2', 'in', at('09:10'))];
    // its own duration would end at 11:10, after the planned end: closed at 10:00
    expect(run(logs, '11:10')[0]?.timestamp).toBe('2025-03-10T10:00:00.000Z');
  });
});

describe('real time (spec part 2 point 9)', () => {
  const range = dayRange(DATE);

  it('sums check-in to next check-out, an open check-in counting until now', () => {
    const logs = [log('c1', 'in', at('08:05')), log('o1', 'out', at('09:35')), log('c2', 'in', at('10:00'))];
    expect(realTimeByModuleAndClass({ logs, range, now: at('10:20') })).toEqual([
      { moduleId: 'mod-math', classId: 'class-1', minutes: 110 },
    ]);
  });

  it('an open check-in counts until the period end when now is later', () => {
    const logs = [log('c1', 'in', at('23:00'))];
    expect(realTimeByModuleAndClass({ logs, range, now: at('02:00', '2025-03-11') })[0]?.minutes).toBe(60);
  });

  it.each([
    ['29 s rounds down', '08:00:29', 0],
    ['30 s rounds up', '08:00:30', 1],
    ['89 min 29 s', '09:29:29', 89],
  ])('rounding: %s', (_label, out, minutes) => {
    const logs = [log('c1', 'in', at('08:00:00')), log('o1', 'out', at(out))];
    expect(realTimeByModuleAndClass({ logs, range, now: at('12:00') })[0]?.minutes).toBe(minutes);
  });

  it('rounds each module/class total, not each session', () => {
    const logs = [
      log('c1', 'in', at('08:00:00')),
      log('o1', 'out', at('08:00:20')),
      log('c2', 'in', at('08:10:00')),
      log('o2', 'out', at('08:10:20')),
    ];
    expect(realTimeByModuleAndClass({ logs, range, now: at('12:00') })[0]?.minutes).toBe(1);
  });

  it('a second check-in while open does not count twice; a lone check-out counts nothing', () => {
    const logs = [
      log('o0', 'out', at('07:00')),
      log('c1', 'in', at('08:00')),
      log('c2', 'in', at('08:01')),
      log('o1', 'out', at('09:00')),
    ];
    expect(realSessions({ logs, range, now: at('12:00') }).map((s) => s.checkin.id)).toEqual(['c1']);
    expect(realTimeByModuleAndClass({ logs, range, now: at('12:00') })[0]?.minutes).toBe(60);
  });

  it('sums per module and class, sorted descending, filtered by teacher', () => {
    const logs = [
      log('c1', 'in', at('08:00')),
      log('o1', 'out', at('09:00')),
      log('d1', 'in', at('10:30'), { slotIndex: 1, moduleId: 'mod-fr' }),
      log('e1', 'out', at('12:00'), { slotIndex: 1, moduleId: 'mod-fr' }),
      log('f1', 'in', at('14:00'), {
        slotIndex: 3,
        moduleId: 'mod-fr',
        classId: 'class-2',
        timetableId: 'tt-2',
      }),
      log('g1', 'out', at('14:30'), {
        slotIndex: 3,
        moduleId: 'mod-fr',
        classId: 'class-2',
        timetableId: 'tt-2',
      }),
      log('h1', 'in', at('08:00'), { teacherUserId: 'teacher-b', slotIndex: 4 }),
      log('i1', 'out', at('12:00'), { teacherUserId: 'teacher-b', slotIndex: 4 }),
    ];
    const rows = realTimeByModuleAndClass({ logs, range, now: at('18:00'), teacherUserId: 'teacher-a' });
    expect(rows).toEqual([
      { moduleId: 'mod-fr', classId: 'class-1', minutes: 90 },
      { moduleId: 'mod-math', classId: 'class-1', minutes: 60 },
      { moduleId: 'mod-fr', classId: 'class-2', minutes: 30 },
    ]);
    expect(totalMinutes(rows)).toBe(180);
  });

  it('counts only check-ins inside the period', () => {
    const logs = [
      log('c1', 'in', at('08:00', '2025-03-09'), { slotIndex: 5 }),
      log('o1', 'out', at('09:00', '2025-03-09'), { slotIndex: 5 }),
    ];
    expect(realTimeByModuleAndClass({ logs, range, now: at('12:00') })).toEqual([]);
    expect(realTimeByModuleAndClass({ logs, range: weekRange('2025-03-09'), now: at('12:00') })).toHaveLength(
      1,
    );
    expect(realTimeByModuleAndClass({ logs, range: monthRange(DATE), now: at('12:00') })[0]?.minutes).toBe(
      60,
    );
  });

  it('falls back to the timetable when a log lacks class or module', () => {
    const logs = [
      log('c1', 'in', at('08:00'), { classId: null, moduleId: null, teacherUserId: null }),
      log('o1', 'out', at('08:45')),
    ];
    expect(
      realTimeByModuleAndClass({
        logs,
        range,
        now: at('12:00'),
        timetables: [timetable],
        teacherUserId: 'teacher-a',
      }),
    ).toEqual([{ moduleId: 'mod-math', classId: 'class-1', minutes: 45 }]);
  });
});

describe('notifications (spec part 2 point 2 and 9)', () => {
  it.each([
    [0, null],
    [1, '1'],
    [98, '98'],
    [99, '99'],
    [100, '99+'],
    [1000, '99+'],
  ])('badge for %i unread: %s', (count, text) => {
    expect(notificationBadgeText(count)).toBe(text);
    expect(NOTIFICATION_BADGE_MAX).toBe(99);
  });

  const notification = (
    id: string,
    slotIndex: number,
    kind: 'checkin' | 'checkout',
    createdAt: string,
    read = false,
  ): AppNotification => ({
    id,
    kind,
    createdAt,
    timetableId: 'tt-1',
    slotIndex,
    classId: 'class-1',
    moduleId: 'mod-math',
    teacherUserId: 'teacher-a',
    read,
  });

  it('groups a session check-in and check-out, newest session first', () => {
    const list = [
      notification('n1', 0, 'checkin', at('08:00')),
      notification('n2', 1, 'checkin', at('10:30'), true),
      notification('n3', 0, 'checkout', at('10:00')),
      notification('n4', 0, 'checkin', at('08:00', '2025-03-11')),
    ];
    const groups = groupNotifications(list);
    expect(groups.map((g) => [g.date, g.slotIndex, g.checkinAt, g.checkoutAt, g.unreadCount])).toEqual([
      ['2025-03-11', 0, at('08:00', '2025-03-11'), null, 1],
      ['2025-03-10', 1, at('10:30'), null, 0],
      ['2025-03-10', 0, at('08:00'), at('10:00'), 2],
    ]);
    expect(unreadCount(list)).toBe(3);
  });

  it.each([
    [19, 19],
    [20, 20],
    [21, 20],
    [45, 20],
  ])('%i sessions are listed as %i', (sessions, listed) => {
    const list = Array.from({ length: sessions }, (_, i) => notification(`n${i}`, i, 'checkin', at('08:00')));
    expect(groupNotifications(list)).toHaveLength(listed);
    expect(NOTIFICATION_LIST_MAX).toBe(20);
  });

  it('mark-all-read returns only what changes', () => {
    const list = [
      notification('n1', 0, 'checkin', at('08:00')),
      notification('n2', 1, 'checkin', at('09:00'), true),
    ];
    expect(markAllRead(list)).toEqual([{ ...list[0], read: true }]);
  });
});

describe('location trust (beyond the spec)', () => {
  const center = { latitude: 14.6928, longitude: -17.4467 };
  const metresNorth = (m: number) => ({
    latitude: center.latitude + (m / (Math.PI * EARTH_RADIUS_M)) * 180,
    longitude: center.longitude,
  });

  it('haversine distance', () => {
    expect(haversineDistanceM({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(
      111_195.08,
      1,
    );
    expect(haversineDistanceM(center, metresNorth(300))).toBeCloseTo(300, 6);
    expect(haversineDistanceM(center, center)).toBe(0);
    // Dakar -> Abidjan, about 1,800 km
    expect(haversineDistanceM(center, { latitude: 5.36, longitude: -4.0083 }) / 1000).toBeCloseTo(1_799, 0);
  });

  const zone = { ...center, radiusM: 200 };
  it.each([
    ['inside', 150, 10, []],
    ['300 m away, 99 m accuracy: 201 m > 200', 300, 99, ['outside-zone']],
    ['300 m away, 100.5 m accuracy: 199.5 m', 300, 100.5, ['imprecise']],
    ['300 m away, 101 m accuracy: could be inside, imprecise', 300, 101, ['imprecise']],
    ['far and imprecise', 2000, 150, ['outside-zone', 'imprecise']],
    ['accuracy exactly at the threshold', 50, 100, []],
    ['accuracy just above the threshold', 50, 100.01, ['imprecise']],
  ])('%s', (_label, distance, accuracy, flags) => {
    expect(locationFlags({ ...metresNorth(distance), accuracy }, zone)).toEqual(flags);
    expect(IMPRECISE_ACCURACY_M).toBe(100);
  });

  it('no position or no zone', () => {
    expect(locationFlags(null, zone)).toEqual([]);
    expect(locationFlags({ ...metresNorth(5000), accuracy: 10 }, null)).toEqual([]);
    expect(locationFlags({ ...metresNorth(5000), accuracy: null }, zone)).toEqual(['outside-zone']);
    expect(positionOfLog({ latitude: null, longitude: 1 })).toBeNull();
    expect(positionOfLog({ latitude: 1, longitude: 2 })).toEqual({
      latitude: 1,
      longitude: 2,
      accuracy: null,
    });
  });
});

describe('attendance follow-up screen (spec part 2 point 2)', () => {
  const withUnknown: Timetable = {
    ...timetable,
    slots: [...timetable.slots, slot({ startTime: '13:00', endTime: '14:00', teacherUserId: '' })],
  };
  const logs = [
    log('c1', 'in', at('08:05'), { latitude: 14.69281, longitude: -17.44674, accuracy: 15 }),
    log('d1', 'in', at('10:31'), { slotIndex: 1, moduleId: 'mod-fr' }),
  ];

  it('one row per non-canceled slot with a known teacher, the four counters and the auto badge', () => {
    const { rows, counters } = attendanceOverview({
      timetables: [withUnknown],
      logs: [...logs, ...pendingAutoCheckouts({ timetables: [withUnknown], logs, now: at('11:00') })],
      range: dayRange(DATE),
      now: at('11:00'),
    });
    expect(rows.map((r) => [r.slotIndex, r.status, r.isAuto, r.realMin, r.plannedMin])).toEqual([
      // checked in at 08:05 on 08:00-10:00: closed at the planned end, 115 minutes credited
      [0, 'finished', true, 115, 120],
      [1, 'in-progress', false, 29, 90],
    ]);
    expect(rows[0]?.checkinPosition).toEqual({ latitude: 14.69281, longitude: -17.44674, accuracy: 15 });
    expect(rows[0]?.checkoutPosition).toBeNull();
    expect(counters).toEqual({ 'not-started': 0, late: 0, 'in-progress': 1, finished: 1, missed: 0 });
  });

  it('filters by class and by known teachers', () => {
    const base = { timetables: [withUnknown], logs: [], range: weekRange(DATE), now: at('08:20') };
    expect(attendanceOverview({ ...base, classId: 'class-2' }).rows).toEqual([]);
    expect(attendanceOverview({ ...base, knownTeacherIds: new Set(['teacher-z']) }).rows).toEqual([]);
    expect(attendanceOverview(base).counters).toEqual({
      'not-started': 1,
      late: 1,
      'in-progress': 0,
      finished: 0,
      missed: 0,
    });
  });

  it('automatic check-outs come with their notification, under the same deterministic id', () => {
    const records = pendingAutoCheckoutRecords({
      timetables: [timetable],
      logs: [log('c1', 'in', at('08:05'))],
      now: at('12:00'),
    });
    expect(
      records.map((r) => [r.log.id, r.notification.id, r.notification.kind, r.notification.read]),
    ).toEqual([['auto-c1', 'auto-c1', 'checkout', false]]);
  });
});

// Appended with its own import (ES imports are hoisted): the refusal text the teacher reads.
import { checkRefusalMessage } from '../../src/services/attendance';

describe('the refusal of a check-in after the end (spec part 2 point 8)', () => {
  // The specification's error catalogue, word for word (shared/spec part 2, point 8).
  const SPEC_FINISHED_COURSE = "Cours terminé: l'enregistrement d'arrivée/départ est indisponible.";
  const SPEC_NO_ACTION_TODAY = "Aucune action n'est possible sur un cours terminé aujourd'hui.";

  it('a check-in at the planned end is refused with the specification’s text for a finished course', () => {
    const gate = checkInGate({ ...day, logs: [], now: at('10:00:00') });
    expect(gate).toEqual({ ok: false, code: 'ended' });
    if (gate.ok) return;
    expect(checkRefusalMessage(gate.code)).toBe(SPEC_FINISHED_COURSE);
  });

  it('a course finished by its check-out refuses with the specification’s “no action” text', () => {
    const logs = [log('c1', 'in', at('08:05')), log('o1', 'out', at('08:50'))];
    const gate = checkInGate({ ...day, logs, now: at('09:00') });
    if (gate.ok) throw new Error('accepted');
    expect(checkRefusalMessage(gate.code)).toBe(SPEC_NO_ACTION_TODAY);
  });
});

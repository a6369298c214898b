import { describe, expect, it } from 'vitest';
import { recordCheck } from '../../src/domain/attendance/check-actions';
import { realSessions, reviewMinutes, sessionsMinutes } from '../../src/domain/attendance/real-time';
import { slotAttendance } from '../../src/domain/attendance/status';
import {
  applyCorrections,
  checkTimeProblem,
  CLOCK_SKEW_FLAG_MS,
  correctionProblem,
  FUTURE_TOLERANCE_MS,
  CHECKOUT_GRACE_MS,
  CONTACT_TOLERANCE_MS,
  contactVerdict,
  isLateReceipt,
  needsReview,
  plannedWindowOn,
  trustFlags,
} from '../../src/domain/attendance/trust';
import type { PlanningLog, Timetable } from '../../src/domain/store/schema';
import { dayRange } from '../../src/domain/time/period';
import { anchorOf, ServerClock, type ClockSource } from '../../src/sync/server-clock';
import { planningLog, slot, weekTimetable } from '../support/builders';

const DATE = '2025-03-10'; // a Monday
const at = (time: string, date = DATE): string => `${date}T${time.length === 5 ? `${time}:00` : time}.000Z`;
const ms = (iso: string) => Date.parse(iso);

const timetable: Timetable = weekTimetable('tt-1', DATE, [slot()]);

/** A check-in or check-out of the course by its teacher. */
const log = (id: string, kind: 'in' | 'out', timestamp: string, extra: Partial<PlanningLog> = {}) =>
  planningLog(id, kind, timestamp, { actorUserId: 'teacher-a', actorUserName: 'Awa', ...extra });

/** A reviewer's correction of log `target` to `corrected`, made at `when`. */
const correction = (id: string, target: string, corrected: string, when: string, reason = 'oubli') =>
  planningLog(id, 'planning-correction', when, {
    actorUserId: 'admin',
    actorUserName: 'Admin',
    note: reason,
    correctsLogId: target,
    correctedTimestamp: corrected,
  });

/** A device whose wall clock is `skewMs` off the real time; `real` is the real time, moved by the test. */
function device(skewMs: number) {
  const state = { real: ms(at('07:00')), mono: 1_000 };
  const source: ClockSource = { wallMs: () => state.real + skewMs, monoMs: () => state.mono };
  const advance = (deltaMs: number) => {
    state.real += deltaMs;
    state.mono += deltaMs;
  };
  return { state, source, advance };
}

describe('server clock estimation on the device', () => {
  it.each([
    ['1 day behind', -24 * 3_600_000],
    ['10 minutes ahead', 10 * 60_000],
    ['exact', 0],
  ])('a device clock %s estimates the server time within the round trip', (_label, skewMs) => {
    const d = device(skewMs);
    const clock = new ServerClock(d.source);
    expect(clock.offsetMs()).toBeNull();
    // never synced: the device clock is all it has
    expect(clock.serverNowMs()).toBe(d.state.real + skewMs);
    // an exchange of 400 ms round trip; the server read its clock in the middle
    const sent = d.state.mono;
    d.advance(200);
    const serverTime = new Date(d.state.real).toISOString();
    d.advance(200);
    clock.observe(serverTime, sent, d.state.mono);
    expect(Math.abs(clock.serverNowMs() - d.state.real)).toBeLessThanOrEqual(1);
    expect(Math.abs((clock.offsetMs() ?? 0) + skewMs)).toBeLessThanOrEqual(1);
    // offline for 3 hours: the monotonic clock carries the estimate on
    d.advance(3 * 3_600_000);
    expect(Math.abs(clock.serverNowMs() - d.state.real)).toBeLessThanOrEqual(1);
    const readings = clock.readings();
    expect(readings.deviceNow.getTime()).toBe(d.state.real + skewMs);
  });

  it('keeps following the server when the user moves the device clock after the exchange', () => {
    const state = { real: ms(at('07:00')), skew: 0, mono: 0 };
    const clock = new ServerClock({ wallMs: () => state.real + state.skew, monoMs: () => state.mono });
    clock.observe(new Date(state.real).toISOString(), 0, 0);
    state.skew = -3 * 3_600_000; // the phone's clock is moved 3 hours back
    state.real += 60_000;
    state.mono += 60_000;
    expect(clock.serverNowMs()).toBe(state.real);
    expect(clock.readings().deviceNow.getTime()).toBe(state.real - 3 * 3_600_000);
  });

  it('after a reload (monotonic clock restarted) the stored offset is used', () => {
    const d = device(-24 * 3_600_000);
    let stored: number | null = null;
    const store = { read: () => stored, write: (v: number) => void (stored = v) };
    new ServerClock(d.source, store).observe(
      new Date(d.state.real).toISOString(),
      d.state.mono,
      d.state.mono,
    );
    const reloaded = new ServerClock({ wallMs: () => d.source.wallMs(), monoMs: () => 0 }, store);
    expect(reloaded.serverNowMs()).toBe(d.state.real);
  });

  it('ignores an unreadable server time and takes half the round trip', () => {
    const clock = new ServerClock({ wallMs: () => 0, monoMs: () => 0 });
    clock.observe('not a date', 0, 10);
    expect(clock.offsetMs()).toBeNull();
    expect(anchorOf(1_000, 100, 500)).toEqual({ serverMs: 1_200, mono: 500 });
  });
});

describe('trust flags at their thresholds', () => {
  const base = at('08:05');
  const shifted = (deltaMs: number) => new Date(ms(base) + deltaMs).toISOString();
  it.each([
    ['device = estimate', { deviceTimestamp: base }, []],
    ['device 5 min behind exactly', { deviceTimestamp: shifted(-CLOCK_SKEW_FLAG_MS) }, []],
    ['device 5 min + 1 s behind', { deviceTimestamp: shifted(-CLOCK_SKEW_FLAG_MS - 1_000) }, ['clock-skew']],
    ['device 5 min ahead exactly', { deviceTimestamp: shifted(CLOCK_SKEW_FLAG_MS) }, []],
    ['device 5 min + 1 s ahead', { deviceTimestamp: shifted(CLOCK_SKEW_FLAG_MS + 1_000) }, ['clock-skew']],
    // The 24 h rule is gone: a receipt time alone flags nothing; the server stamps 'late-receipt' itself.
    ['received 3 days after, stamped nothing', { receivedAt: shifted(3 * 86_400_000) }, []],
    ['stamped late by the server', { reviewFlags: ['late-receipt'] }, ['late-receipt']],
    [
      'all three',
      { deviceTimestamp: shifted(-3 * 3_600_000), reviewFlags: ['device-handover', 'late-receipt'] },
      ['clock-skew', 'late-receipt', 'device-handover'],
    ],
    ['an unknown stamped flag', { reviewFlags: ['made-up'] }, []],
    ['older log without the fields', {}, []],
  ])('%s', (_label, extra, flags) => {
    expect(trustFlags(log('c', 'in', base, extra))).toEqual(flags);
  });
});

describe('the server gate on check times', () => {
  const slot = timetable.slots[0]!;
  const gate = (kind: 'in' | 'out', time: string, receivedAt: string) =>
    checkTimeProblem({ log: log('c', kind, at(time)), slot, receivedAt, opensBeforeMin: 30 });
  it.each([
    ['check-in at start − 30 min', 'in', '07:30:00', at('07:30:00'), null],
    ['check-in at start − 30 min − 1 s', 'in', '07:29:59', at('07:30:00'), 'too-early'],
    ['check-in at end − 1 s', 'in', '09:59:59', at('09:59:59'), null],
    ['check-in at the end', 'in', '10:00:00', at('10:00:00'), 'ended'],
    ['check-in made at 09:00, received the next day', 'in', '09:00', at('09:00', '2025-03-11'), null],
    ['2 minutes ahead of the server', 'in', '08:02:00', at('08:00:00'), null],
    ['2 minutes + 1 s ahead of the server', 'in', '08:02:01', at('08:00:00'), 'future-time'],
    ['a check-out after the end is not a check-in', 'out', '11:00', at('11:00'), null],
    ['a check-out in the future', 'out', '11:00', at('10:00'), 'future-time'],
  ])('%s', (_label, kind, time, receivedAt, expected) => {
    expect(gate(kind as 'in' | 'out', time, receivedAt)).toBe(expected);
  });
  it('the tolerance is 2 minutes', () => expect(FUTURE_TOLERANCE_MS).toBe(120_000));
});

describe('a check-in made on a skewed device', () => {
  it('records the estimated server time and keeps the device time', () => {
    const result = recordCheck({
      kind: 'checkin',
      timetable,
      slotIndex: 0,
      date: DATE,
      logs: [],
      now: at('08:05'),
      deviceNow: at('05:05'),
      actor: { userId: 'teacher-a', userName: 'Awa' },
      position: null,
      logId: 'c1',
      notificationId: 'c1',
    });
    expect(result.ok && result.value.log).toMatchObject({
      timestamp: at('08:05'),
      deviceTimestamp: at('05:05'),
    });
    expect(result.ok && trustFlags(result.value.log)).toEqual(['clock-skew']);
  });

  it('a check-out names the check-in it closes', () => {
    const result = recordCheck({
      kind: 'checkout',
      timetable,
      slotIndex: 0,
      date: DATE,
      logs: [log('c1', 'in', at('08:05'))],
      now: at('09:00'),
      actor: { userId: 'teacher-a', userName: 'Awa' },
      position: null,
      logId: 'o1',
      notificationId: 'o1',
    });
    expect(result.ok && result.value.log.checkinLogId).toBe('c1');
  });
});

describe('reviewers’ corrections', () => {
  const skewed = log('c1', 'in', at('05:05'), { deviceTimestamp: at('02:05') });

  it('the latest correction gives the time; the original is kept; review is done', () => {
    const logs = [
      skewed,
      correction('k1', 'c1', at('08:10'), at('12:00')),
      correction('k2', 'c1', at('08:05'), at('12:30'), 'horloge du téléphone'),
    ];
    const [effective] = applyCorrections(logs);
    expect(effective).toMatchObject({
      timestamp: at('08:05'),
      originalTimestamp: at('05:05'),
      correction: { id: 'k2', reason: 'horloge du téléphone', actorUserName: 'Admin' },
    });
    expect(trustFlags(effective!)).toEqual(['clock-skew']);
    expect(needsReview(effective!)).toBe(false);
    expect(needsReview(applyCorrections([skewed])[0]!)).toBe(true);
  });

  it('status and real time use the corrected time, and flagged minutes are counted apart', () => {
    const checkout = log('o1', 'out', at('09:35'));
    const logs = [skewed, checkout];
    const before = realSessions({ logs, range: dayRange(DATE), now: at('12:00'), timetables: [timetable] });
    // 05:05 to 09:35 as recorded, counted from the planned start (issue 32): 08:00 to 09:35.
    expect(sessionsMinutes(before)).toBe(95);
    expect(reviewMinutes(before)).toBe(95);
    const corrected = [...logs, correction('k1', 'c1', at('08:05'), at('12:00'))];
    const after = realSessions({
      logs: corrected,
      range: dayRange(DATE),
      now: at('12:00'),
      timetables: [timetable],
    });
    expect(sessionsMinutes(after)).toBe(90);
    expect(reviewMinutes(after)).toBe(0);
    expect(
      slotAttendance({ timetable, slotIndex: 0, date: DATE, logs: corrected, now: at('09:00') }).lastCheckin,
    ).toMatchObject({ timestamp: at('08:05'), originalTimestamp: at('05:05') });
  });

  it.each([
    ['valid', at('08:05'), 'oubli', null],
    ['no reason', at('08:05'), '  ', 'reason-required'],
    ['another day', at('08:05', '2025-03-11'), 'oubli', 'other-day'],
    ['in the future', at('13:00'), 'oubli', 'future'],
    ['unreadable', 'hier', 'oubli', 'invalid-time'],
  ])('correction rules: %s', (_label, corrected, reason, expected) => {
    expect(
      correctionProblem({ target: skewed, correctedTimestamp: corrected, reason, now: at('12:00') }),
    ).toBe(expected);
  });
});

describe('received after the course: late at the planned end (check-in) or end + grace (check-out)', () => {
  const end = ms(at('10:00'));
  it.each([
    ['check-in received at the planned end', 'planning-checkin', end, false],
    ['check-in received 1 ms after the end', 'planning-checkin', end + 1, true],
    ['check-in received 12 h late', 'planning-checkin', end + 12 * 3_600_000, true],
    ['check-out received at end + grace', 'planning-checkout', end + CHECKOUT_GRACE_MS, false],
    ['check-out received 1 ms after end + grace', 'planning-checkout', end + CHECKOUT_GRACE_MS + 1, true],
    ['check-out received during the course', 'planning-checkout', end - 60_000, false],
  ] as const)('%s', (_label, action, receivedMs, late) => {
    expect(isLateReceipt({ action, receivedMs, plannedEndMs: end })).toBe(late);
  });
});

describe('the contact rule at its tolerance', () => {
  const contact = ms(at('11:50'));
  const none = { sessionMs: null, deviceMs: null, sessionCreatedMs: null };
  it.each([
    ['never talked to the server', none, ms(at('07:05')), null],
    [
      'claimed exactly at session contact − tolerance',
      { ...none, sessionMs: contact },
      contact - CONTACT_TOLERANCE_MS,
      null,
    ],
    ['claimed 1 ms before it', { ...none, sessionMs: contact }, contact - CONTACT_TOLERANCE_MS - 1, 'refuse'],
    [
      '11:57 session contact, claimed 07:05',
      { ...none, sessionMs: ms(at('11:57')) },
      ms(at('07:05')),
      'refuse',
    ],
    ['claimed after the session contact', { ...none, sessionMs: contact }, contact + 1, null],
    [
      'device contact under another session: flagged',
      { ...none, deviceMs: contact },
      contact - CONTACT_TOLERANCE_MS - 1,
      'flag',
    ],
    [
      'device contact exactly at the tolerance',
      { ...none, deviceMs: contact },
      contact - CONTACT_TOLERANCE_MS,
      null,
    ],
    [
      'session began after the claimed time: flagged',
      { ...none, sessionCreatedMs: contact },
      ms(at('07:05')),
      'flag',
    ],
    [
      'session refusal wins over a device flag',
      { sessionMs: contact, deviceMs: contact, sessionCreatedMs: null },
      ms(at('07:05')),
      'refuse',
    ],
  ] as const)('%s', (_label, contacts, claimed, verdict) => {
    expect(contactVerdict(claimed, contacts)).toBe(verdict);
  });
});

describe('four eyes: a correction within the planned window, or justified; never of one’s own hours', () => {
  // The slot runs 08:00-10:00 on DATE.
  const slot0 = timetable.slots[0]!;
  const target = { ...log('c2', 'out', at('09:00')), teacherUserId: 'teacher-a' };
  const problem = (
    corrected: string,
    extra: { justification?: string; actorUserId?: string; now?: string } = {},
  ) =>
    correctionProblem({
      target,
      correctedTimestamp: corrected,
      reason: 'oubli',
      now: extra.now ?? at('12:00'),
      actorUserId: extra.actorUserId ?? 'admin-b',
      plannedWindow: plannedWindowOn(at('09:00'), slot0),
      justification: extra.justification ?? null,
    });
  it.each([
    ['at the planned start', at('08:00'), {}, null],
    ['1 s before the planned start', at('07:59:59'), {}, 'justification-required'],
    ['at the planned end', at('10:00'), {}, null],
    ['1 s after the planned end', at('10:00:01'), {}, 'justification-required'],
    ['after the end, justified', at('11:00'), { justification: 'cours prolongé (examen)' }, null],
    ['after the end, blank justification', at('11:00'), { justification: '   ' }, 'justification-required'],
    ['the teacher herself', at('09:30'), { actorUserId: 'teacher-a' }, 'own-hours'],
    ['before the end, the course still running (mistaken Départ)', at('10:00'), { now: at('08:40') }, null],
    [
      'beyond the end while in the future, even justified',
      at('10:30'),
      { now: at('08:40'), justification: 'x' },
      'future',
    ],
  ] as const)('%s', (_label, corrected, extra, expected) => {
    expect(problem(corrected, extra)).toBe(expected);
  });

  it('reads a recorded missing check as a reviewed check log at the time it records', () => {
    const record = {
      ...log('r1', 'in', at('08:00')),
      action: 'planning-correction' as const,
      correctsLogId: null,
      recordsAction: 'planning-checkin' as const,
      correctedTimestamp: at('08:00'),
      madeAt: at('11:00'),
      note: 'oubli de badge',
    };
    const [made] = applyCorrections([record as PlanningLog]).filter((l) => l.action === 'planning-checkin');
    expect(made).toMatchObject({
      id: 'r1',
      timestamp: at('08:00'),
      correction: { reason: 'oubli de badge', at: at('11:00') },
    });
    expect(needsReview(made!)).toBe(false);
  });
});

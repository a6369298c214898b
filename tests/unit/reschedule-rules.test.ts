import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RescheduleRequest, Slot, Timetable } from '../../src/domain/store/schema';
import {
  nextOccurrence,
  RESCHEDULE_LEAD_HOURS,
  rescheduleEligibility,
} from '../../src/domain/reschedule/next-occurrence';
import { occurrenceEligibility } from '../../src/domain/reschedule/occurrence';
import {
  createRescheduleRequest,
  editRescheduleProposal,
  groupRescheduleRequests,
  RESCHEDULE_PROPOSAL_NOTE,
  validateRescheduleRequest,
} from '../../src/domain/reschedule/requests';
import { toIsoInstant, toUtc } from '../../src/domain/time/instant';
import { slot as course, weekTimetable } from '../support/builders';

/** Tuesday 08:00-10:00, online, id s-0. */
const slot = (overrides: Partial<Slot> = {}): Slot =>
  course({ id: 's-0', dayOfWeek: 2, deliveryMode: 'en-ligne', ...overrides });

const week: Timetable = weekTimetable('tt-w10', '2025-03-10', [slot(), slot({ id: 's-1', dayOfWeek: 4 })], {
  planningImportId: 'imp-1',
});

describe('next occurrence of a weekday and start time (spec part 2 point 4)', () => {
  it.each([
    ['same day, same minute: next week', '2025-03-10T08:00:00Z', 1, '08:00', '2025-03-17T08:00:00.000Z'],
    ['same day, one minute later', '2025-03-10T08:00:00Z', 1, '08:01', '2025-03-10T08:01:00.000Z'],
    ['same day, earlier time: next week', '2025-03-10T08:00:00Z', 1, '07:59', '2025-03-17T07:59:00.000Z'],
    ['next day', '2025-03-10T08:00:00Z', 2, '08:00', '2025-03-11T08:00:00.000Z'],
    ['Sunday of the same week', '2025-03-10T08:00:00Z', 7, '23:00', '2025-03-16T23:00:00.000Z'],
    ['across a week end', '2025-03-16T20:00:00Z', 1, '8:00', '2025-03-17T08:00:00.000Z'],
    ['across a month end', '2025-01-31T12:00:00Z', 1, '08:00', '2025-02-03T08:00:00.000Z'],
    ['across a 30-day month end', '2025-04-30T18:00:00Z', 4, '09:30', '2025-05-01T09:30:00.000Z'],
    ['across a year end', '2024-12-31T10:00:00Z', 3, '09:00', '2025-01-01T09:00:00.000Z'],
    ['a week later across a year end', '2024-12-31T10:00:00Z', 2, '09:00', '2025-01-07T09:00:00.000Z'],
    ['onto a leap day', '2024-02-28T10:00:00Z', 4, '10:00', '2024-02-29T10:00:00.000Z'],
  ])('%s', (_label, now, dayOfWeek, startTime, expected) => {
    expect(toIsoInstant(nextOccurrence(dayOfWeek, startTime, now)!)).toBe(expected);
  });

  it.each([
    [0, '08:00'],
    [8, '08:00'],
    [1, '25:00'],
    [1, 'x'],
  ])('weekday %i at %s is unreadable', (dayOfWeek, startTime) => {
    expect(nextOccurrence(dayOfWeek, startTime, '2025-03-10T08:00:00Z')).toBeNull();
  });

  it('is always in the future, within a week, on the right weekday and time', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (now, dayOfWeek, hour, minute) => {
          const occurrence = nextOccurrence(dayOfWeek, `${hour}:${String(minute).padStart(2, '0')}`, now)!;
          const nowMs = now.getTime();
          expect(occurrence.toMillis()).toBeGreaterThan(nowMs);
          expect(occurrence.toMillis() - nowMs).toBeLessThanOrEqual(7 * 24 * 3_600_000);
          expect([occurrence.weekday, occurrence.hour, occurrence.minute, occurrence.second]).toEqual([
            dayOfWeek,
            hour,
            minute,
            0,
          ]);
        },
      ),
    );
  });
});

describe('the 24-hour rule (spec part 2 point 4)', () => {
  // the slot is on Tuesday 08:00; its next occurrence after Monday 2025-03-10 is 2025-03-11 08:00
  it.each([
    ['25 hours before', '2025-03-10T07:00:00Z', true],
    ['24 hours and 1 s before', '2025-03-10T07:59:59Z', true],
    ['exactly 24 hours before', '2025-03-10T08:00:00Z', true],
    ['23 hours 59 min 59 s before', '2025-03-10T08:00:01Z', false],
    ['1 hour before', '2025-03-11T07:00:00Z', false],
    ['at the start time the next occurrence is a week later', '2025-03-11T08:00:00Z', true],
  ])('%s: allowed=%s', (_label, now, allowed) => {
    const result = rescheduleEligibility(slot(), now);
    expect(result.ok).toBe(allowed);
    if (!result.ok) expect(result.code).toBe('too-late');
  });

  it('prefills the dialog with the next occurrence and the slot times', () => {
    const result = rescheduleEligibility(slot({ startTime: '8:00' }), '2025-03-10T07:00:00Z');
    expect(result.ok && { ...result.value, occurrence: toIsoInstant(result.value.occurrence) }).toEqual({
      occurrence: '2025-03-11T08:00:00.000Z',
      proposedDate: '2025-03-11',
      proposedStartTime: '08:00',
      proposedEndTime: '10:00',
    });
    expect(RESCHEDULE_LEAD_HOURS).toBe(24);
  });

  it('a canceled slot cannot be requested', () => {
    expect(rescheduleEligibility(slot({ canceled: true }), '2025-03-01T00:00:00Z')).toEqual({
      ok: false,
      code: 'canceled',
    });
  });
});

describe('only an occurrence that has not started, of its own timetable (issue 33)', () => {
  // week of Monday 2025-03-10; the slot is on Tuesday 2025-03-11 08:00-10:00
  it.each([
    ['25 hours before', '2025-03-10T07:00:00Z', undefined, 'ok'],
    ['exactly 24 hours before', '2025-03-10T08:00:00Z', undefined, 'ok'],
    ['1 s under 24 hours', '2025-03-10T08:00:01Z', undefined, 'too-late'],
    ['1 ms before the start', '2025-03-11T07:59:59.999Z', undefined, 'too-late'],
    ['at the start', '2025-03-11T08:00:00Z', undefined, 'started'],
    ['during the course', '2025-03-11T09:00:00Z', undefined, 'started'],
    ["a week later (last week's course)", '2025-03-17T07:00:00Z', undefined, 'started'],
    ['the course opened, 2 days before', '2025-03-09T07:00:00Z', '2025-03-11', 'ok'],
    ["a date that is not the course's", '2025-03-09T07:00:00Z', '2025-03-18', 'started'],
  ])('%s: %s', (_label, now, date, expected) => {
    const result = occurrenceEligibility({ timetable: week, slot: slot(), date, now });
    expect(result.ok ? 'ok' : result.code).toBe(expected);
  });

  it('a month timetable: the occurrence opened, else the first one still ahead', () => {
    const march: Timetable = { ...week, periodicity: 'month', weekStartDate: null, month: 3 };
    const now = '2025-03-12T12:00:00Z'; // Tuesdays of March 2025: 4, 11, 18, 25
    const opened = (date?: string) => occurrenceEligibility({ timetable: march, slot: slot(), date, now });
    expect(opened('2025-03-11')).toEqual({ ok: false, code: 'started' });
    expect(opened('2025-03-25').ok && opened('2025-03-25')).toMatchObject({
      value: { proposedDate: '2025-03-25' },
    });
    expect(opened().ok && opened()).toMatchObject({ value: { proposedDate: '2025-03-18' } });
    const late = occurrenceEligibility({ timetable: march, slot: slot(), now: '2025-03-25T09:00:00Z' });
    expect(late).toEqual({ ok: false, code: 'started' });
  });

  it('prefills the request with the occurrence itself, not the same slot next week', () => {
    const result = occurrenceEligibility({ timetable: week, slot: slot(), now: '2025-03-09T07:00:00Z' });
    expect(result.ok && result.value.proposedDate).toBe('2025-03-11');
    expect(
      occurrenceEligibility({ timetable: week, slot: slot({ canceled: true }), now: '2025-03-09T07:00:00Z' }),
    ).toEqual({
      ok: false,
      code: 'canceled',
    });
  });
});

const teacher = { userId: 'teacher-a', userName: 'Awa Diop' };
const admin = { userId: 'admin-1', userName: 'Admin' };
const ids = { requestId: 'rq-1', proposalLogId: 'log-p' };

function create(overrides: Partial<Parameters<typeof createRescheduleRequest>[0]> = {}) {
  return createRescheduleRequest({
    timetable: week,
    slotIndex: 0,
    proposedDate: '2025-03-13',
    proposedStartTime: '14:00',
    proposedEndTime: '16:00',
    reason: '  Jury de soutenance  ',
    actor: teacher,
    now: '2025-03-10T07:00:00Z',
    ids,
    ...overrides,
  });
}

describe('creating a request (spec part 2 point 4)', () => {
  it('creates it pending with a proposal log; the course stays planned (issue 33)', () => {
    const result = create();
    if (!result.ok) throw new Error(result.code);
    expect(result.value.request).toEqual({
      id: 'rq-1',
      timetableId: 'tt-w10',
      slotIndex: 0,
      classId: 'class-1',
      moduleId: 'mod-math',
      teacherUserId: 'teacher-a',
      requestedAt: '2025-03-10T07:00:00.000Z',
      reason: 'Jury de soutenance',
      proposedDate: '2025-03-13',
      proposedStartTime: '14:00',
      proposedEndTime: '16:00',
      status: 'pending',
      approvedAt: null,
      approvedByUserId: null,
      approvedByUserName: null,
      actor: 'Awa Diop',
    });
    expect(result.value).not.toHaveProperty('timetable');
    expect(result.value.log).toMatchObject({
      id: 'log-p',
      action: 'planning-reschedule',
      before: { dayOfWeek: 2, startTime: '08:00', endTime: '10:00' },
      after: { dayOfWeek: 4, startTime: '14:00', endTime: '16:00' },
      note: RESCHEDULE_PROPOSAL_NOTE,
    });
  });

  it.each([
    ['less than 24 hours ahead', { now: '2025-03-10T08:00:01Z' }, 'too-late'],
    ['an occurrence that has started', { now: '2025-03-11T08:00:00Z' }, 'started'],
    ["last week's course, a week later", { now: '2025-03-17T07:00:00Z' }, 'started'],
    ["a date that is not the course's", { occurrenceDate: '2025-03-12' }, 'started'],
    ['an unknown slot', { slotIndex: 7 }, 'slot-not-found'],
    ['a canceled slot', { timetable: { ...week, slots: [slot({ canceled: true })] } }, 'already-canceled'],
    ['an impossible date', { proposedDate: '2025-02-30' }, 'invalid-date'],
    ['a malformed time', { proposedStartTime: '14h' }, 'invalid-start-time'],
    ['an end before the start', { proposedEndTime: '13:00' }, 'end-not-after-start'],
  ])('refuses %s', (_label, overrides, code) => {
    expect(create(overrides)).toEqual({ ok: false, code });
  });
});

function pendingRequest(overrides: Partial<RescheduleRequest> = {}): {
  request: RescheduleRequest;
  source: Timetable;
} {
  const created = create();
  if (!created.ok) throw new Error(created.code);
  return { request: { ...created.value.request, ...overrides }, source: week };
}

const moveIds = { logId: 'log-v', cancelLogId: 'log-c', newTimetableId: 'tt-new', newSlotId: 's-new' };

describe('validating a request (spec part 2 point 4)', () => {
  it('within the same week: moved in place and un-canceled, approver and time recorded', () => {
    const { request, source } = pendingRequest();
    const result = validateRescheduleRequest({
      request,
      timetables: [source],
      approver: admin,
      now: '2025-03-10T09:00:00Z',
      ids: moveIds,
    });
    if (!result.ok) throw new Error(result.code);
    expect(result.value.request).toMatchObject({
      status: 'approved',
      approvedAt: '2025-03-10T09:00:00.000Z',
      approvedByUserId: 'admin-1',
      approvedByUserName: 'Admin',
    });
    expect(result.value.target).toEqual({
      timetableId: 'tt-w10',
      slotIndex: 0,
      isNewTimetable: false,
      isInPlace: true,
    });
    expect(result.value.timetables).toHaveLength(1);
    expect(result.value.timetables[0]?.slots[0]).toEqual({
      ...slot(),
      dayOfWeek: 4,
      startTime: '14:00',
      endTime: '16:00',
      canceled: false,
    });
    expect(result.value.logs).toEqual([
      expect.objectContaining({
        id: 'log-v',
        action: 'planning-reschedule',
        actorUserId: 'admin-1',
        before: { dayOfWeek: 2, startTime: '08:00', endTime: '10:00' },
        after: { dayOfWeek: 4, startTime: '14:00', endTime: '16:00' },
      }),
    ]);
  });

  it.each([
    ['the Monday', '2025-03-10', true],
    ['the Sunday', '2025-03-16', true],
    ['the next Monday', '2025-03-17', false],
    ['the Sunday before', '2025-03-09', false],
  ])('a proposal on %s (%s) stays in place: %s', (_label, proposedDate, inPlace) => {
    const { request, source } = pendingRequest({ proposedDate });
    const result = validateRescheduleRequest({
      request,
      timetables: [source],
      approver: admin,
      now: '2025-03-10T09:00:00Z',
      ids: moveIds,
    });
    expect(result.ok && result.value.target.isInPlace).toBe(inPlace);
  });

  it('into another week: the old slot is canceled then and the slot joins that week of the same class', () => {
    const { request, source } = pendingRequest();
    const nextWeek: Timetable = {
      ...week,
      id: 'tt-w17',
      weekStartDate: '2025-03-17',
      slots: [slot({ id: 's-x', dayOfWeek: 5 })],
    };
    const otherClass: Timetable = { ...nextWeek, id: 'tt-other', classId: 'class-2' };
    const result = validateRescheduleRequest({
      request,
      timetables: [otherClass, source, nextWeek],
      proposal: { proposedDate: '2025-03-18', proposedStartTime: '9:00', proposedEndTime: '11:00' },
      approver: admin,
      now: '2025-03-10T09:00:00Z',
      ids: moveIds,
    });
    if (!result.ok) throw new Error(result.code);
    expect(result.value.request).toMatchObject({
      proposedDate: '2025-03-18',
      proposedStartTime: '09:00',
      proposedEndTime: '11:00',
    });
    expect(result.value.target).toEqual({
      timetableId: 'tt-w17',
      slotIndex: 1,
      isNewTimetable: false,
      isInPlace: false,
    });
    expect(result.value.timetables.map((t) => t.id)).toEqual(['tt-w10', 'tt-w17']);
    expect(result.value.timetables[0]?.slots[0]?.canceled).toBe(true);
    expect(result.value.timetables[0]?.slots[1]).toBe(week.slots[1]);
    expect(result.value.timetables[1]?.slots[1]).toEqual({
      ...slot(),
      id: 's-new',
      dayOfWeek: 2,
      startTime: '09:00',
      endTime: '11:00',
      canceled: false,
    });
    expect(result.value.logs).toEqual([
      expect.objectContaining({
        id: 'log-c',
        action: 'planning-cancel',
        timetableId: 'tt-w10',
        actorUserId: 'admin-1',
      }),
      expect.objectContaining({ id: 'log-v', timetableId: 'tt-w17', slotIndex: 1 }),
    ]);
    expect(source.slots[0]?.canceled).toBe(false);
  });

  it('into a week without timetable for the class: one is created (across the year end)', () => {
    const december: Timetable = {
      ...week,
      id: 'tt-dec',
      weekStartDate: '2024-12-23',
      year: 2024,
      slots: [slot({ canceled: true })],
    };
    const request = { ...pendingRequest().request, timetableId: 'tt-dec', proposedDate: '2025-01-02' };
    const result = validateRescheduleRequest({
      request,
      timetables: [december],
      approver: admin,
      now: '2024-12-20T09:00:00Z',
      ids: moveIds,
    });
    if (!result.ok) throw new Error(result.code);
    expect(result.value.target).toEqual({
      timetableId: 'tt-new',
      slotIndex: 0,
      isNewTimetable: true,
      isInPlace: false,
    });
    expect(result.value.timetables.at(-1)).toEqual({
      id: 'tt-new',
      planningImportId: null,
      periodicity: 'week',
      year: 2024,
      weekStartDate: '2024-12-30',
      month: null,
      classId: 'class-1',
      slots: [expect.objectContaining({ id: 's-new', dayOfWeek: 4, canceled: false }) as unknown],
      createdAt: '2024-12-20T09:00:00.000Z',
    });
  });

  it('a month timetable moves in place within the month, else into the target month', () => {
    const march: Timetable = {
      ...week,
      id: 'tt-m3',
      periodicity: 'month',
      weekStartDate: null,
      month: 3,
      slots: [slot({ canceled: true })],
    };
    const base = { ...pendingRequest().request, timetableId: 'tt-m3' };
    const inside = validateRescheduleRequest({
      request: { ...base, proposedDate: '2025-03-31' },
      timetables: [march],
      approver: admin,
      now: '2025-03-10T09:00:00Z',
      ids: moveIds,
    });
    expect(inside.ok && inside.value.target.isInPlace).toBe(true);
    const outside = validateRescheduleRequest({
      request: { ...base, proposedDate: '2025-04-01' },
      timetables: [march],
      approver: admin,
      now: '2025-03-10T09:00:00Z',
      ids: moveIds,
    });
    if (!outside.ok) throw new Error(outside.code);
    expect(outside.value.timetables.at(-1)).toMatchObject({
      id: 'tt-new',
      periodicity: 'month',
      year: 2025,
      month: 4,
      weekStartDate: null,
    });
  });

  it.each([
    ['an approved request', { status: 'approved' as const }, [week], 'not-pending'],
    ['a validated request', { status: 'validated' as const }, [week], 'not-pending'],
    ['a missing timetable', {}, [], 'timetable-not-found'],
    ['a missing slot', { slotIndex: 9 }, [week], 'slot-not-found'],
    ['an unreadable date', { proposedDate: '2025-3-1' }, [week], 'invalid-date'],
  ])('refuses %s', (_label, overrides, timetables, code) => {
    const { request } = pendingRequest(overrides);
    expect(
      validateRescheduleRequest({
        request,
        timetables,
        approver: admin,
        now: '2025-03-10T09:00:00Z',
        ids: moveIds,
      }),
    ).toEqual({ ok: false, code });
  });
});

describe('request list and edits (spec part 2 point 2)', () => {
  const request = (
    id: string,
    requestedAt: string,
    status: RescheduleRequest['status'],
  ): RescheduleRequest => ({
    ...pendingRequest().request,
    id,
    requestedAt,
    status,
  });

  it('newest first, split into pending and validated (approved counts as validated)', () => {
    const groups = groupRescheduleRequests([
      request('a', '2025-03-01T08:00:00Z', 'pending'),
      request('b', '2025-03-03T08:00:00Z', 'approved'),
      request('c', '2025-03-02T08:00:00Z', 'pending'),
      request('d', '2025-03-04T08:00:00Z', 'validated'),
    ]);
    expect(groups.pending.map((r) => r.id)).toEqual(['c', 'a']);
    expect(groups.validated.map((r) => r.id)).toEqual(['d', 'b']);
  });

  it('edits a pending proposal and refuses an approved one', () => {
    const edited = editRescheduleProposal(request('a', '2025-03-01T08:00:00Z', 'pending'), {
      proposedDate: '2025-03-14',
      proposedStartTime: '8:30',
      proposedEndTime: '10:30',
    });
    expect(
      edited.ok && [edited.value.proposedDate, edited.value.proposedStartTime, edited.value.proposedEndTime],
    ).toEqual(['2025-03-14', '08:30', '10:30']);
    expect(edited.ok && 'dayOfWeek' in edited.value).toBe(false);
    expect(
      editRescheduleProposal(request('b', '2025-03-01T08:00:00Z', 'approved'), {
        proposedDate: '2025-03-14',
        proposedStartTime: '8:30',
        proposedEndTime: '10:30',
      }),
    ).toEqual({ ok: false, code: 'not-pending' });
    expect(toUtc('2025-03-14').weekday).toBe(5);
  });
});

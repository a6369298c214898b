import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  feedEvents,
  feedRange,
  feedUid,
  type CourseReplacement,
  type FeedSubject,
} from '../../src/domain/calendar/feed-events';
import { feedRequestRefusal } from '../../src/domain/calendar/feed-rights';
import { escapeText, foldLine, validTimeZone, vtimezone, writeCalendar } from '../../src/domain/calendar/ics';
import type { Slot, Timetable } from '../../src/domain/store/schema';
import { courseSlot } from '../support/builders';
import { frCalendar } from '../../src/i18n/fr-calendar';

const NOW = '2026-11-23T09:00:00.000Z';
const week = (id: string, monday: string, slots: Slot[]): Timetable => ({
  id,
  periodicity: 'week',
  year: 2026,
  weekStartDate: monday,
  classId: 'c-1',
  createdAt: '2026-11-01T00:00:00.000Z',
  slots,
});
const names = {
  texts: frCalendar.feed,
  classNames: new Map([['c-1', 'L1-INFO']]),
  moduleNames: new Map([['m-1', 'Algorithmique']]),
  teacherNames: new Map([
    ['u-a', 'Awa'],
    ['u-b', 'Bineta'],
  ]),
};
const algo = (extra: Partial<Slot> = {}) =>
  courseSlot(1, '10:00', '12:00', 'm-1', 'u-a', { id: 's-1', room: 'B12', ...extra });

function events(subject: FeedSubject, slots: Slot[], replacements: CourseReplacement[] = []) {
  return feedEvents({
    subject,
    timetables: [{ timetable: week('t-1', '2026-11-23', slots), revision: 7, changedAt: null }],
    replacements,
    now: NOW,
    ...names,
  });
}

describe('calendar feed events (issue 35)', () => {
  const awa: FeedSubject = { kind: 'teacher', userId: 'u-a' };
  const bineta: FeedSubject = { kind: 'teacher', userId: 'u-b' };
  const replaced: CourseReplacement = {
    timetableId: 't-1',
    slotKey: 's-1',
    date: '2026-11-23',
    substituteUserId: 'u-b',
  };
  const dropped: CourseReplacement = { ...replaced, substituteUserId: null };

  it.each([
    ['her planned course', awa, algo(), [], 'planned', 'Algorithmique · L1-INFO'],
    ['a cancelled course', awa, algo({ canceled: true }), [], 'canceled', 'Annulé : Algorithmique · L1-INFO'],
    [
      'her course given by a substitute',
      awa,
      algo(),
      [replaced],
      'replaced',
      'Remplacé par Bineta : Algorithmique · L1-INFO',
    ],
    [
      'cancelled for want of a substitute',
      awa,
      algo(),
      [dropped],
      'canceled',
      'Annulé : Algorithmique · L1-INFO',
    ],
    [
      'the substitute’s course',
      bineta,
      algo(),
      [replaced],
      'substituting',
      'Remplacement : Algorithmique · L1-INFO',
    ],
    [
      'the class sees the substitute',
      { kind: 'class', classId: 'c-1' } as const,
      algo(),
      [replaced],
      'replaced',
      'Remplacé par Bineta : Algorithmique · L1-INFO',
    ],
  ] as const)('%s', (_label, subject, slot, replacements, state, summary) => {
    const [event] = events(subject, [slot], [...replacements]);
    expect(event).toMatchObject({ state, summary, location: 'B12', sequence: 7 });
  });

  it.each([
    ['another teacher’s course', bineta, []],
    ['another class', { kind: 'class', classId: 'c-2' } as const, []],
    ['a cancelled course someone would have replaced', bineta, [replaced]],
  ] as const)('leaves out %s', (_label, subject, replacements) => {
    const slot = replacements.length > 0 ? algo({ canceled: true }) : algo();
    expect(events(subject, [slot], [...replacements])).toEqual([]);
  });

  it('keeps the UID of a course moved within its week, and gives each week of a month timetable its own', () => {
    const [before] = events(awa, [algo()]);
    const [after] = events(awa, [algo({ dayOfWeek: 4, startTime: '15:00', endTime: '17:00' })]);
    expect(after?.uid).toBe(before?.uid);
    expect(after?.date).toBe('2026-11-26');
    const month: Timetable = {
      ...week('t-m', '2026-11-23', [algo()]),
      periodicity: 'month',
      month: 12,
      weekStartDate: null,
    };
    const uids = feedEvents({
      subject: awa,
      timetables: [{ timetable: month, revision: 1, changedAt: null }],
      now: NOW,
      ...names,
    }).map((e) => e.uid);
    expect(uids).toHaveLength(4); // the Mondays of December 2026: 7, 14, 21, 28
    expect(new Set(uids).size).toBe(4);
    expect(uids[0]).toBe('t-m.s-1.2026-12-07@emargement');
    expect(feedUid('t-m', 's-1', '2026-12-10')).toBe(uids[0]);
  });

  it('covers a month back and eight weeks ahead, by date', () => {
    const range = feedRange(NOW);
    expect(range.start.toISODate()).toBe('2026-10-23');
    expect(range.end.toISODate()).toBe('2027-01-18');
    const inside = (monday: string) =>
      feedEvents({
        subject: awa,
        timetables: [{ timetable: week('t', monday, [algo()]), revision: 1, changedAt: null }],
        now: NOW,
        ...names,
      }).length;
    expect(inside('2026-10-19')).toBe(0); // Monday 19 October: a day before the range
    expect(inside('2026-10-26')).toBe(1);
    expect(inside('2027-01-18')).toBe(0); // the range ends before that Monday
    expect(inside('2027-01-11')).toBe(1);
  });
});

describe('iCalendar text', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds at 75 octets without cutting a character, and unfolds to the same line', () => {
    const line = `SUMMARY:${'é'.repeat(60)}${'x'.repeat(90)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n'))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes the zone’s real change of offset (Paris, 25 October 2026 at 03:00 summer time)', () => {
    const lines = vtimezone(
      'Europe/Paris',
      DateTime.fromISO('2026-10-20T00:00:00Z', { zone: 'utc' }),
      DateTime.fromISO('2026-11-20T00:00:00Z', { zone: 'utc' }),
    );
    expect(lines.join('\n')).toContain(
      'BEGIN:STANDARD\nDTSTART:20261025T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100',
    );
    const dakar = vtimezone('Africa/Dakar', DateTime.fromISO(NOW), DateTime.fromISO(NOW).plus({ months: 3 }));
    expect(dakar.filter((l) => l.startsWith('BEGIN:'))).toEqual(['BEGIN:VTIMEZONE', 'BEGIN:STANDARD']);
    expect(dakar).toContain('TZOFFSETTO:+0000');
  });

  it('an unknown zone falls back to Dakar', () => {
    expect(validTimeZone('Mars/Olympus')).toBe('Africa/Dakar');
    expect(validTimeZone(undefined)).toBe('Africa/Dakar');
    expect(validTimeZone('Africa/Abidjan')).toBe('Africa/Abidjan');
  });

  it('reads back with ical.js: a course in the week of the change of time keeps its wall-clock time', () => {
    const now = DateTime.fromISO('2026-10-26T08:00:00Z', { zone: 'utc' });
    const text = writeCalendar({
      name: 'Cours — Awa',
      timeZone: 'Europe/Paris',
      now,
      range: feedRange(now),
      events: [
        {
          uid: 'a@x',
          date: '2026-10-23',
          startTime: '10:00',
          endTime: '12:00',
          summary: 'Avant',
          location: null,
          description: '',
          state: 'planned',
          sequence: 1,
          lastModified: '2026-10-01T10:00:00.000Z',
        },
        {
          uid: 'b@x',
          date: '2026-10-26',
          startTime: '10:00',
          endTime: '12:00',
          summary: 'Après',
          location: null,
          description: '',
          state: 'planned',
          sequence: 1,
          lastModified: null,
        },
      ],
    });
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
    const starts = calendar
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c).startDate.toJSDate().toISOString());
    ICAL.TimezoneService.reset();
    expect(starts).toEqual(['2026-10-23T08:00:00.000Z', '2026-10-26T09:00:00.000Z']);
    expect(text).toContain('LAST-MODIFIED:20261001T100000Z');
  });
});

const admin = new Set(['planning.consulter.actions']);
const teacherModules = new Set(['teacher.today']);
const person = (granted: ReadonlySet<string>, loginMode: 'pin' | 'password' = 'password') =>
  ({ kind: 'user', userId: 'u-a', loginMode, granted }) as const;

describe('who gets which feed address', () => {
  it.each([
    ['a teacher, her own', person(teacherModules), { kind: 'me' }, null],
    ['a teacher, her own by id', person(teacherModules), { kind: 'teacher', targetId: 'u-a' }, null],
    ['a teacher, another teacher', person(teacherModules), { kind: 'teacher', targetId: 'u-b' }, 'not-admin'],
    ['a teacher, a class', person(teacherModules), { kind: 'class', targetId: 'c-1' }, 'not-admin'],
    ['an administrator, a class', person(admin), { kind: 'class', targetId: 'c-1' }, null],
    ['an administrator, a teacher', person(admin), { kind: 'teacher', targetId: 'u-b' }, null],
    ['a PIN session', person(admin, 'pin'), { kind: 'me' }, 'pin-session'],
    ['a kiosk', { kind: 'kiosk' }, { kind: 'me' }, 'kiosk'],
  ] as const)('%s', (_label, requester, key, expected) => {
    expect(feedRequestRefusal(requester, key)).toBe(expected);
  });
});

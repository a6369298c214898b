import { DateTime } from 'luxon';
import { slotOccurrences } from '../planning/occurrences';
import type { Timetable } from '../store/schema';
import { toUtc, type InstantLike } from '../time/instant';

/**
 * The events of a calendar feed (issue 35, item 2): the dated courses of one teacher or one class from a
 * month before now to FEED_WEEKS_AHEAD weeks after, with room, class, module and their state. Pure: the
 * server reads the records and the clock, ics.ts writes the text.
 *
 * Identity: a course is one slot (its stable id) in one ISO week of its timetable. A week timetable holds
 * each slot once; a month timetable repeats it once a week. The UID is therefore "timetable, slot, Monday of
 * the occurrence's week": a course moved to another day or hour of its week keeps its UID, so a calendar
 * that subscribed updates the event instead of showing a second one. (The brief's "slot id + occurrence
 * date" would give a moved course a new date, hence a new UID: the old event would vanish and a new one
 * appear, losing reminders and notes the person set on it.)
 */

export const FEED_WEEKS_AHEAD = 8;
export const FEED_MONTHS_BEHIND = 1;

/** Whose courses a feed shows. */
export type FeedSubject = { kind: 'teacher'; userId: string } | { kind: 'class'; classId: string };

/**
 * One course given to someone else than its planned teacher (an absence's substitution, item 1), or
 * cancelled for want of a substitute (`substituteUserId` null). `date` is the occurrence's 'YYYY-MM-DD'.
 */
export interface CourseReplacement {
  timetableId: string;
  slotKey: string;
  date: string;
  substituteUserId: string | null;
}

export type FeedEventState = 'planned' | 'canceled' | 'replaced' | 'substituting';

export interface FeedEvent {
  uid: string;
  /** Wall-clock date and times in the organisation's time zone ('YYYY-MM-DD', 'HH:MM'). */
  date: string;
  startTime: string;
  endTime: string;
  summary: string;
  location: string | null;
  description: string;
  state: FeedEventState;
  /** Grows with every change of the timetable's courses (the organisation revision that wrote them). */
  sequence: number;
  /** When the courses of the timetable last changed, when known (ISO instant). */
  lastModified: string | null;
}

export interface FeedTimetable {
  timetable: Timetable;
  /** The organisation revision that last wrote the timetable's slots. */
  revision: number;
  /** When that change was made (ISO instant), if known. */
  changedAt: string | null;
}

/** The feed's words (src/i18n/fr-calendar.ts: frCalendar.feed). */
export interface FeedTexts {
  unknown: string;
  unassigned: string;
  canceledPrefix: string;
  replacedPrefix: (name: string) => string;
  substitutingPrefix: string;
  classLabel: string;
  moduleLabel: string;
  roomLabel: string;
  teacherLabel: string;
  plannedTeacherLabel: string;
  online: string;
  canceledLine: string;
}

export interface FeedInput {
  subject: FeedSubject;
  texts: FeedTexts;
  timetables: readonly FeedTimetable[];
  classNames: ReadonlyMap<string, string>;
  moduleNames: ReadonlyMap<string, string>;
  teacherNames: ReadonlyMap<string, string>;
  replacements?: readonly CourseReplacement[];
  now: InstantLike;
}

/** The slot's stable key: its id, else its position (an old slot written before slots had ids). */
export function slotKeyOf(slot: { id?: string | undefined }, slotIndex: number): string {
  return slot.id && slot.id !== '' ? slot.id : `i${slotIndex}`;
}

/** [start, end) of the dates a feed covers, at UTC midnights (the app's dates are UTC dates). */
export function feedRange(now: InstantLike): { start: DateTime; end: DateTime } {
  const today = toUtc(now).startOf('day');
  return { start: today.minus({ months: FEED_MONTHS_BEHIND }), end: today.plus({ weeks: FEED_WEEKS_AHEAD }) };
}

function mondayOf(date: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).startOf('week').toISODate() ?? date;
}

function uidSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]/g, (c) => `~${c.charCodeAt(0).toString(16)}`);
}

export function feedUid(timetableId: string, slotKey: string, date: string): string {
  return `${uidSafe(timetableId)}.${uidSafe(slotKey)}.${mondayOf(date)}@emargement`;
}

function hhmm(time: string): string {
  const [h = '0', m = '00'] = time.split(':');
  return `${h.padStart(2, '0')}:${m}`;
}

/** The events of the subject's courses in the feed range, sorted by date and time. */
export function feedEvents(input: FeedInput): FeedEvent[] {
  const t = input.texts;
  const range = feedRange(input.now);
  const byTimetable = new Map(input.timetables.map((f) => [f.timetable, f]));
  const replacements = new Map(
    (input.replacements ?? []).map((r) => [`${r.timetableId}|${r.slotKey}|${r.date}`, r]),
  );
  const subject = input.subject;
  const occurrences = slotOccurrences(
    input.timetables.map((f) => f.timetable),
    range,
    { includeCanceled: true },
  );
  const events: FeedEvent[] = [];
  for (const o of occurrences) {
    const slotKey = slotKeyOf(o.slot, o.slotIndex);
    const replacement = replacements.get(`${o.timetable.id}|${slotKey}|${o.date}`);
    const planned = o.slot.teacherUserId;
    let state: FeedEventState;
    if (subject.kind === 'class') {
      if (o.timetable.classId !== subject.classId) continue;
      if (o.slot.canceled || (replacement && replacement.substituteUserId === null)) state = 'canceled';
      else if (replacement && replacement.substituteUserId !== planned) state = 'replaced';
      else state = 'planned';
    } else if (planned === subject.userId) {
      if (o.slot.canceled || (replacement && replacement.substituteUserId === null)) state = 'canceled';
      else if (replacement && replacement.substituteUserId !== planned) state = 'replaced';
      else state = 'planned';
    } else if (replacement?.substituteUserId === subject.userId && !o.slot.canceled) {
      state = 'substituting';
    } else continue;

    const moduleName = input.moduleNames.get(o.slot.moduleId) ?? t.unknown;
    const className = input.classNames.get(o.timetable.classId) ?? t.unknown;
    const teacherId =
      replacement && replacement.substituteUserId !== null ? replacement.substituteUserId : planned;
    const teacherName = teacherId === '' ? t.unassigned : (input.teacherNames.get(teacherId) ?? t.unknown);
    const plannedName = planned === '' ? t.unassigned : (input.teacherNames.get(planned) ?? t.unknown);
    const room = o.slot.room?.trim() ? o.slot.room.trim() : null;
    const base = `${moduleName} · ${className}`;
    const summary =
      state === 'canceled'
        ? `${t.canceledPrefix}${base}`
        : state === 'replaced'
          ? `${t.replacedPrefix(teacherName)}${base}`
          : state === 'substituting'
            ? `${t.substitutingPrefix}${base}`
            : base;
    const lines = [`${t.classLabel}${className}`, `${t.moduleLabel}${moduleName}`];
    if (room) lines.push(`${t.roomLabel}${room}`);
    lines.push(`${t.teacherLabel}${teacherName}`);
    if (state === 'substituting' || state === 'replaced')
      lines.push(`${t.plannedTeacherLabel}${plannedName}`);
    if (o.slot.deliveryMode === 'en-ligne') lines.push(t.online);
    if (state === 'canceled') lines.push(t.canceledLine);
    const meta = byTimetable.get(o.timetable);
    events.push({
      uid: feedUid(o.timetable.id, slotKey, o.date),
      date: o.date,
      startTime: hhmm(o.slot.startTime),
      endTime: hhmm(o.slot.endTime),
      summary,
      location: room,
      description: lines.join('\n'),
      state,
      sequence: Math.max(0, meta?.revision ?? 0),
      lastModified: meta?.changedAt ?? null,
    });
  }
  return events;
}

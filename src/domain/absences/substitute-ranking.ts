import { capLevel, plannedPairMinutes } from '../contracts/contract-warnings';
import { contractRange } from '../contracts/vh-contracts';
import { slotOccurrences } from '../planning/occurrences';
import type { Contract, Timetable } from '../store/schema';
import { clockRangeMinutes, parseClockTime, parseIsoDate } from '../time/instant';
import { absenceCovers, rangesOverlap, type AbsenceSpan } from './affected-courses';
import { occurrenceKey } from './occurrence-teacher';

/**
 * Issue 35, item 1: who could give a course whose teacher is absent, best first. Lexicographic order:
 * 1. free at that time (a course of her own, another substitution, an absence: not proposed, listed apart
 *    with the reason; touching times are free, a minute of overlap is not);
 * 2. qualified: already teaches this module, else this class's level, else neither;
 * 3. room under the cap of her VH contract line for this class and module over the contract's period, this
 *    course and her substitutions included: room, then the 90 % warning (domain/contracts/contract-warnings,
 *    the cap itself still allowed), then no contract line, then the cap exceeded;
 * 4. fewest substitutions this calendar month; then name.
 * Each proposal carries its reasons (codes; the screen words them).
 */

/** A course given to a substitute (or the one to cover). */
export interface CourseRef {
  timetableId: string;
  /** The slot's stable key (domain/calendar/feed-events slotKeyOf). */
  slotKey: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  startTime: string;
  endTime: string;
}

export interface CourseToCover extends CourseRef {
  classId: string;
  moduleId: string;
  /** The class's level, when known. */
  levelId: string | null;
}

export interface AssignedSubstitution extends CourseRef {
  classId: string;
  moduleId: string;
  substituteUserId: string;
}

export interface Candidate {
  userId: string;
  name: string;
}

export interface RankingInput {
  course: CourseToCover;
  /** Active teachers who could step in (the absent teacher is left out whatever the list). */
  candidates: readonly Candidate[];
  absentUserId: string;
  timetables: readonly Timetable[];
  /** classId -> levelId. */
  classLevels: ReadonlyMap<string, string | null>;
  absences: readonly AbsenceSpan[];
  /** Substitutions already assigned (this course's own, if any, is ignored). */
  substitutions: readonly AssignedSubstitution[];
  contracts: readonly Contract[];
}

export type Qualification = 'module' | 'level' | 'none';

export type CapStanding =
  | { kind: 'room'; remainingMin: number }
  | { kind: 'no-cap' }
  | { kind: 'near'; remainingMin: number }
  | { kind: 'no-contract' }
  | { kind: 'exceeded'; overMin: number };

export type ProposalReason =
  | { code: 'free' }
  | { code: 'teaches-module' }
  | { code: 'teaches-level' }
  | { code: 'not-qualified' }
  | { code: 'cap-room'; remainingMin: number }
  | { code: 'cap-none' }
  | { code: 'cap-near'; remainingMin: number }
  | { code: 'no-contract' }
  | { code: 'cap-exceeded'; overMin: number }
  | { code: 'substitutions-this-month'; count: number };

export interface Proposal {
  userId: string;
  name: string;
  qualification: Qualification;
  cap: CapStanding;
  substitutionsThisMonth: number;
  reasons: ProposalReason[];
}

export type BusyReason = 'teaching' | 'substituting' | 'absent';

export interface Unavailable {
  userId: string;
  name: string;
  reason: BusyReason;
}

const QUALIFICATION_ORDER: Record<Qualification, number> = { module: 0, level: 1, none: 2 };
const CAP_ORDER: Record<CapStanding['kind'], number> = {
  room: 0,
  'no-cap': 0,
  near: 1,
  'no-contract': 2,
  exceeded: 3,
};

function minutesOf(ref: Pick<CourseRef, 'startTime' | 'endTime'>): [number, number] | null {
  const start = parseClockTime(ref.startTime);
  const end = parseClockTime(ref.endTime);
  return start === null || end === null || end <= start ? null : [start, end];
}

function sameCourse(a: CourseRef, b: CourseRef): boolean {
  return a.timetableId === b.timetableId && a.slotKey === b.slotKey && a.date === b.date;
}

function slotKeyOf(slot: { id?: string | undefined }, index: number): string {
  return slot.id && slot.id !== '' ? slot.id : `i${index}`;
}

/** Why the candidate cannot take the course, or null when she is free for all of it. */
export function busyReason(input: RankingInput, userId: string): BusyReason | null {
  const { course } = input;
  const span = minutesOf(course);
  if (!span) return null;
  if (
    input.absences.some(
      (a) => a.teacherUserId === userId && absenceCovers(a, course.date, course.startTime, course.endTime),
    )
  )
    return 'absent';
  const day = parseIsoDate(course.date);
  if (day) {
    const given = input.substitutions.filter((s) => s.date === course.date);
    const own = slotOccurrences(input.timetables, { start: day, end: day.plus({ days: 1 }) }).some((o) => {
      if (o.slot.teacherUserId !== userId) return false;
      const ref = { timetableId: o.timetable.id, slotKey: slotKeyOf(o.slot, o.slotIndex), date: o.date };
      // Her own course given to someone else does not keep her busy.
      if (
        given.some(
          (s) =>
            s.timetableId === ref.timetableId && s.slotKey === ref.slotKey && s.substituteUserId !== userId,
        )
      )
        return false;
      const times = minutesOf(o.slot);
      return !!times && rangesOverlap(times, span);
    });
    if (own) return 'teaching';
  }
  const substituting = input.substitutions.some((s) => {
    if (s.substituteUserId !== userId || s.date !== course.date || sameCourse(s, course)) return false;
    const times = minutesOf(s);
    return !!times && rangesOverlap(times, span);
  });
  return substituting ? 'substituting' : null;
}

export function qualificationOf(input: RankingInput, userId: string): Qualification {
  let level = false;
  for (const timetable of input.timetables) {
    const sameLevel =
      input.course.levelId !== null && input.classLevels.get(timetable.classId) === input.course.levelId;
    for (const slot of timetable.slots) {
      if (slot.teacherUserId !== userId) continue;
      if (slot.moduleId === input.course.moduleId) return 'module';
      if (sameLevel) level = true;
    }
  }
  return level ? 'level' : 'none';
}

/** Room under the cap of her contract line for this class and module, this course included. */
export function capStandingOf(input: RankingInput, userId: string): CapStanding {
  const { course } = input;
  const day = parseIsoDate(course.date);
  const courseMin = clockRangeMinutes(course.startTime, course.endTime);
  let best: CapStanding | null = null;
  for (const contract of input.contracts) {
    if (contract.teacherUserId !== userId) continue;
    const range = contractRange(contract);
    if (!range || !day || day < range.start || day >= range.end) continue;
    for (const entry of contract.entries) {
      if (entry.classId !== course.classId || entry.moduleId !== course.moduleId) continue;
      const pair = { teacherUserId: userId, classId: course.classId, moduleId: course.moduleId };
      // Her planned time as given (the rule of workload and statements: her substitutions count, her own
      // courses given to someone else do not), this course apart, then this course.
      const given = input.substitutions
        .filter((s) => !sameCourse(s, course))
        .map((s) => ({ id: occurrenceKey(s), substituteUserId: s.substituteUserId }));
      const planned = plannedPairMinutes(input.timetables, pair, range, given) + courseMin;
      const level = capLevel(planned, entry.volumeCapMin);
      const standing: CapStanding =
        level === 'no-cap'
          ? { kind: 'no-cap' }
          : level === 'exceeded'
            ? { kind: 'exceeded', overMin: planned - entry.volumeCapMin }
            : { kind: level === 'near' ? 'near' : 'room', remainingMin: entry.volumeCapMin - planned };
      if (!best || CAP_ORDER[standing.kind] < CAP_ORDER[best.kind]) best = standing;
    }
  }
  return best ?? { kind: 'no-contract' };
}

function capReason(cap: CapStanding): ProposalReason {
  switch (cap.kind) {
    case 'room':
      return { code: 'cap-room', remainingMin: cap.remainingMin };
    case 'no-cap':
      return { code: 'cap-none' };
    case 'near':
      return { code: 'cap-near', remainingMin: cap.remainingMin };
    case 'no-contract':
      return { code: 'no-contract' };
    case 'exceeded':
      return { code: 'cap-exceeded', overMin: cap.overMin };
  }
}

const QUALIFICATION_REASON: Record<Qualification, ProposalReason> = {
  module: { code: 'teaches-module' },
  level: { code: 'teaches-level' },
  none: { code: 'not-qualified' },
};

export function rankSubstitutes(input: RankingInput): { proposals: Proposal[]; unavailable: Unavailable[] } {
  const month = input.course.date.slice(0, 7);
  const proposals: Proposal[] = [];
  const unavailable: Unavailable[] = [];
  for (const candidate of input.candidates) {
    if (candidate.userId === input.absentUserId) continue;
    const busy = busyReason(input, candidate.userId);
    if (busy) {
      unavailable.push({ ...candidate, reason: busy });
      continue;
    }
    const qualification = qualificationOf(input, candidate.userId);
    const cap = capStandingOf(input, candidate.userId);
    const count = input.substitutions.filter(
      (s) =>
        s.substituteUserId === candidate.userId && s.date.startsWith(month) && !sameCourse(s, input.course),
    ).length;
    proposals.push({
      ...candidate,
      qualification,
      cap,
      substitutionsThisMonth: count,
      reasons: [
        { code: 'free' },
        QUALIFICATION_REASON[qualification],
        capReason(cap),
        { code: 'substitutions-this-month', count },
      ],
    });
  }
  proposals.sort(
    (a, b) =>
      QUALIFICATION_ORDER[a.qualification] - QUALIFICATION_ORDER[b.qualification] ||
      CAP_ORDER[a.cap.kind] - CAP_ORDER[b.cap.kind] ||
      a.substitutionsThisMonth - b.substitutionsThisMonth ||
      a.name.localeCompare(b.name, 'fr'),
  );
  return { proposals, unavailable };
}

import { realSessions, type RealSession } from '../attendance/real-time';
import { isCorrection } from '../attendance/trust';
import { slotOccurrences } from '../planning/occurrences';
import type { Contract, PlanningLog, Timetable } from '../store/schema';
import { clockRangeMinutes, MS_PER_MINUTE, toIsoDate, toUtc, type InstantLike } from '../time/instant';
import type { UtcRange } from '../time/period';
import { monthAdjustments } from './adjustments';
import { occurrenceGiven, occurrenceKey as substitutionKeyOf, slotKey } from '../absences/occurrence-teacher';
import { isMonthKey, type MonthKey } from './closing';

/**
 * The payroll statement of a teacher (« état des heures », issue 32) over a period, usually a closed month:
 * one line per planned course with its date, the hours as recorded, as corrected by a reviewer and as paid,
 * the dated adjustments carried from a closed month, the hourly rate of the teacher's VH contract and the
 * amount. The teacher's « Mes heures », the PDF and the clerk's XLSX/CSV all read these figures (one function,
 * so their totals agree).
 *
 * - A course counts as held once its planned end is reached (end ≤ now). A held course with no check-in is
 *   « Non émargé » (an absence: paid 0, its planned time still compared). A course not ended yet is « À
 *   venir »: its planned time is listed apart and never compared (no negative gap for the future).
 * - Done (« Réalisé ») is the time as recorded, reviewers' corrections left out, « À vérifier » included;
 *   corrected (« Corrigé ») applies the corrections and leaves out what is still « À vérifier » (flagged and
 *   not accepted: counted in reviewMin, not paid); paid = corrected + adjustments.
 * - Each course line is counted to the minute; the amount of a line is round(paid minutes × rate / 60) in the
 *   contract's currency unit (FCFA: no cents), and every total is the sum of its lines, so a table always adds
 *   up and the PDF and the spreadsheet show the same amounts.
 * - The rate of a line is the hourly rate of the contract in force on its date: the class and module line's
 *   own `hourlyRate`, else the contract's. No contract or no rate: the amount is unknown (`missingRate`).
 */

export type StatementLineState = 'held' | 'absent' | 'upcoming' | 'adjustment';

/** A correction made after its month was closed, carried as a dated line into an open month (closing). */
export interface StatementAdjustment {
  id: string;
  /** 'YYYY-MM-DD': the day the adjustment is dated (in the open month). */
  date: string;
  teacherUserId: string;
  moduleId: string;
  classId: string;
  /** Signed: minutes added (or taken back) by the late correction. */
  minutes: number;
  /** The course's own day, in the closed month. */
  courseDate?: string | null;
  note?: string | null;
}

export interface StatementLine {
  state: StatementLineState;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** Planned times 'HH:MM' (empty for an adjustment or a session without its slot). */
  startTime: string;
  endTime: string;
  moduleId: string;
  classId: string;
  plannedMin: number;
  doneMin: number;
  correctedMin: number;
  reviewMin: number;
  adjustedMin: number;
  paidMin: number;
  /** Paid (sessions) minus planned, for a held or absent course; null for a course not held yet. */
  gapMin: number | null;
  /** A reviewer corrected or recorded one of its check-ins or check-outs. */
  corrected: boolean;
  rate: number | null;
  amount: number | null;
  /** An adjustment: the day of the course it corrects, and its note. */
  courseDate?: string | null;
  note?: string | null;
}

export interface StatementFigures {
  /** Every course planned in the period, held or not. */
  plannedMin: number;
  /** The planned time of the courses held (ended): what done and corrected are compared with. */
  plannedHeldMin: number;
  /** The planned time of the courses still to come: listed, never compared. */
  plannedUpcomingMin: number;
  doneMin: number;
  correctedMin: number;
  reviewMin: number;
  adjustedMin: number;
  paidMin: number;
  /** Sum of the lines' gaps: only held (ended) courses compared, never one still to come. */
  gapMin: number;
  /** Held courses with no check-in (« Non émargé »). */
  absences: number;
  held: number;
  upcoming: number;
  amount: number;
  /** Some paid time has no rate: the amount leaves it out. */
  missingRate: boolean;
}

export interface StatementGroup extends StatementFigures {
  moduleId: string;
  classId: string;
  /** The rate when all its paid lines share one, else null (none, or several: see the lines). */
  rate: number | null;
}

export interface Statement {
  teacherUserId: string;
  /** First and last day, 'YYYY-MM-DD' (the last one included). */
  from: string;
  to: string;
  lines: StatementLine[];
  groups: StatementGroup[];
  totals: StatementFigures;
}

export interface StatementInput {
  timetables: readonly Timetable[];
  /** The period's logs, with the reviewers' corrections of them (services/attendance/period-logs). */
  logs: readonly PlanningLog[];
  contracts: readonly Contract[];
  range: UtcRange;
  now: InstantLike;
  adjustments?: readonly StatementAdjustment[];
  /**
   * Issue 35: substitutions in force. A course given by a substitute is hers on the statements (her contract's
   * rate, contractRate; none without a contract in force), not the absent teacher's; a course cancelled for want
   * of a substitute is nobody's.
   */
  substitutions?: readonly { id: string; substituteUserId: string | null }[];
}

/** A rate read from stored data: a finite number ≥ 0, else none. */
function rateOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * The hourly rate of a teacher's class and module on a date: the contract in force that day (start and end
 * days included; the latest created when several overlap), its line's own rate first, else the contract's.
 */
export function contractRate(
  contracts: readonly Contract[],
  teacherUserId: string,
  classId: string,
  moduleId: string,
  date: string,
): number | null {
  const inForce = contracts
    .filter((c) => c.teacherUserId === teacherUserId && c.startDate <= date && date <= c.endDate)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  for (const contract of inForce) {
    const entry = contract.entries.find((e) => e.classId === classId && e.moduleId === moduleId);
    const rate = rateOf((entry as { hourlyRate?: unknown } | undefined)?.hourlyRate);
    if (rate !== null) return rate;
    const own = rateOf((contract as { hourlyRate?: unknown }).hourlyRate);
    if (own !== null) return own;
  }
  return null;
}

/** round(minutes × rate / 60), in whole currency units; null without a rate. */
export function amountOf(minutes: number, rate: number | null): number | null {
  if (rate === null) return null;
  return Math.round((minutes * rate) / 60);
}

const minutesOf = (sessions: readonly RealSession[]) =>
  Math.round(sessions.reduce((n, s) => n + s.durationMs, 0) / MS_PER_MINUTE);

const occurrenceKey = (timetableId: string, slotIndex: number, date: string) =>
  `${timetableId}\u0000${slotIndex}\u0000${date}`;

function bySessionKey(sessions: readonly RealSession[]): Map<string, RealSession[]> {
  const map = new Map<string, RealSession[]>();
  for (const s of sessions) {
    const key = occurrenceKey(s.timetableId, s.slotIndex, toIsoDate(s.checkin.timestamp));
    const list = map.get(key);
    if (list) list.push(s);
    else map.set(key, [s]);
  }
  return map;
}

function emptyFigures(): StatementFigures {
  return {
    plannedMin: 0,
    plannedHeldMin: 0,
    plannedUpcomingMin: 0,
    doneMin: 0,
    correctedMin: 0,
    reviewMin: 0,
    adjustedMin: 0,
    paidMin: 0,
    gapMin: 0,
    absences: 0,
    held: 0,
    upcoming: 0,
    amount: 0,
    missingRate: false,
  };
}

function addLine(figures: StatementFigures, line: StatementLine): void {
  figures.plannedMin += line.plannedMin;
  if (line.state === 'held' || line.state === 'absent') figures.plannedHeldMin += line.plannedMin;
  if (line.state === 'upcoming') {
    figures.plannedUpcomingMin += line.plannedMin;
    figures.upcoming += 1;
  }
  if (line.state === 'held') figures.held += 1;
  if (line.state === 'absent') figures.absences += 1;
  figures.doneMin += line.doneMin;
  figures.correctedMin += line.correctedMin;
  figures.reviewMin += line.reviewMin;
  figures.adjustedMin += line.adjustedMin;
  figures.paidMin += line.paidMin;
  figures.gapMin += line.gapMin ?? 0;
  figures.amount += line.amount ?? 0;
  if (line.amount === null && line.paidMin !== 0) figures.missingRate = true;
}

/** The figures of a list of lines (a group, a statement, a whole export): sums of the lines. */
export function sumLines(lines: readonly StatementLine[]): StatementFigures {
  const figures = emptyFigures();
  for (const line of lines) addLine(figures, line);
  return figures;
}

/** Sums of several statements' totals (the export's Total line). */
export function sumFigures(list: readonly StatementFigures[]): StatementFigures {
  const out = emptyFigures();
  for (const f of list) {
    out.plannedMin += f.plannedMin;
    out.plannedHeldMin += f.plannedHeldMin;
    out.plannedUpcomingMin += f.plannedUpcomingMin;
    out.doneMin += f.doneMin;
    out.correctedMin += f.correctedMin;
    out.reviewMin += f.reviewMin;
    out.adjustedMin += f.adjustedMin;
    out.paidMin += f.paidMin;
    out.gapMin += f.gapMin;
    out.absences += f.absences;
    out.held += f.held;
    out.upcoming += f.upcoming;
    out.amount += f.amount;
    out.missingRate ||= f.missingRate;
  }
  return out;
}

function lineOrder(a: StatementLine, b: StatementLine): number {
  return (
    a.date.localeCompare(b.date) ||
    a.startTime.localeCompare(b.startTime) ||
    a.classId.localeCompare(b.classId) ||
    a.moduleId.localeCompare(b.moduleId)
  );
}

/**
 * The statements of every teacher with a course, a session or an adjustment in the period, sorted by teacher
 * id; each statement's lines by date and time, its groups by module then class id.
 */
export function buildStatements(input: StatementInput): Statement[] {
  const nowMs = toUtc(input.now).toMillis();
  const from = toIsoDate(input.range.start);
  const to = toIsoDate(input.range.end.minus({ days: 1 }));
  // Corrected (paid unless « À vérifier ») and as recorded (without corrections, everything counted).
  // A correction made after its month was closed never changes that month: it is an adjustment of a later one.
  const logs = input.logs.filter((l) => !isAdjustmentCorrection(l));
  const corrected = bySessionKey(
    realSessions({ logs, range: input.range, now: input.now, timetables: input.timetables }),
  );
  const recorded = bySessionKey(
    realSessions({
      logs: logs.filter((l) => !isCorrection(l)),
      range: input.range,
      now: input.now,
      timetables: input.timetables,
    }),
  );
  const lines = new Map<string, StatementLine[]>();
  const push = (teacherUserId: string, line: StatementLine) => {
    const list = lines.get(teacherUserId);
    if (list) list.push(line);
    else lines.set(teacherUserId, [line]);
  };
  const rate = (teacherUserId: string, classId: string, moduleId: string, date: string) =>
    contractRate(input.contracts, teacherUserId, classId, moduleId, date);

  const substitutions = new Map((input.substitutions ?? []).map((s) => [s.id, s]));
  const seen = new Set<string>();
  for (const occurrence of slotOccurrences(input.timetables, input.range)) {
    const { timetable, slotIndex, date, end } = occurrence;
    const substitution = substitutions.get(
      substitutionKeyOf({ timetableId: timetable.id, slotKey: slotKey(occurrence.slot, slotIndex), date }),
    );
    const { teacherUserId } = occurrenceGiven(occurrence.slot, substitution);
    if (!teacherUserId) continue;
    const slot = { ...occurrence.slot, teacherUserId };
    const key = occurrenceKey(timetable.id, slotIndex, date);
    seen.add(key);
    const withCorrections = corrected.get(key) ?? [];
    const asRecorded = recorded.get(key) ?? [];
    const plannedMin = clockRangeMinutes(slot.startTime, slot.endTime);
    const ended = end.toMillis() <= nowMs;
    const hasCheckin = withCorrections.length > 0;
    const state: StatementLineState = hasCheckin ? 'held' : ended ? 'absent' : 'upcoming';
    const paid = withCorrections.filter((s) => !s.toReview);
    const correctedMin = minutesOf(paid);
    const lineRate = rate(slot.teacherUserId, timetable.classId, slot.moduleId, date);
    // A course checked into but not ended yet is compared with its planned time only once it ends.
    const compared = state === 'absent' || (state === 'held' && ended);
    push(slot.teacherUserId, {
      state: state === 'held' && !ended ? 'upcoming' : state,
      date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      moduleId: slot.moduleId,
      classId: timetable.classId,
      plannedMin,
      doneMin: minutesOf(asRecorded),
      correctedMin,
      reviewMin: minutesOf(withCorrections.filter((s) => s.toReview)),
      adjustedMin: 0,
      paidMin: correctedMin,
      gapMin: compared ? correctedMin - plannedMin : null,
      corrected: withCorrections.some((s) => !!s.checkin.correction || !!s.checkout?.correction),
      rate: lineRate,
      amount: amountOf(correctedMin, lineRate),
    });
  }
  // Sessions of no planned occurrence in the period (a slot since removed): paid as recorded, nothing planned.
  for (const [key, sessions] of corrected) {
    if (seen.has(key)) continue;
    const first = sessions[0];
    if (!first?.teacherUserId) continue;
    const date = toIsoDate(first.checkin.timestamp);
    const paid = sessions.filter((s) => !s.toReview);
    const correctedMin = minutesOf(paid);
    const classId = first.classId ?? '';
    const moduleId = first.moduleId ?? '';
    const lineRate = rate(first.teacherUserId, classId, moduleId, date);
    push(first.teacherUserId, {
      state: 'held',
      date,
      startTime: '',
      endTime: '',
      moduleId,
      classId,
      plannedMin: 0,
      doneMin: minutesOf(recorded.get(key) ?? []),
      correctedMin,
      reviewMin: minutesOf(sessions.filter((s) => s.toReview)),
      adjustedMin: 0,
      paidMin: correctedMin,
      gapMin: correctedMin,
      corrected: sessions.some((s) => !!s.checkin.correction || !!s.checkout?.correction),
      rate: lineRate,
      amount: amountOf(correctedMin, lineRate),
    });
  }
  for (const adjustment of input.adjustments ?? []) {
    if (adjustment.date < from || adjustment.date > to || !Number.isFinite(adjustment.minutes)) continue;
    const minutes = Math.round(adjustment.minutes);
    // The rate of the course's own day, else of the day the adjustment is dated (a contract renewed since).
    const rateOn = (date: string) =>
      rate(adjustment.teacherUserId, adjustment.classId, adjustment.moduleId, date);
    const lineRate =
      (adjustment.courseDate ? rateOn(adjustment.courseDate) : null) ?? rateOn(adjustment.date);
    push(adjustment.teacherUserId, {
      state: 'adjustment',
      date: adjustment.date,
      startTime: '',
      endTime: '',
      moduleId: adjustment.moduleId,
      classId: adjustment.classId,
      plannedMin: 0,
      doneMin: 0,
      correctedMin: 0,
      reviewMin: 0,
      adjustedMin: minutes,
      paidMin: minutes,
      gapMin: null,
      corrected: false,
      rate: lineRate,
      amount: amountOf(minutes, lineRate),
      courseDate: adjustment.courseDate ?? null,
      note: adjustment.note ?? null,
    });
  }

  return [...lines.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([teacherUserId, list]) => {
      const sorted = [...list].sort(lineOrder);
      const groups = new Map<string, StatementLine[]>();
      for (const line of sorted) {
        const key = `${line.moduleId}\u0000${line.classId}`;
        const group = groups.get(key);
        if (group) group.push(line);
        else groups.set(key, [line]);
      }
      return {
        teacherUserId,
        from,
        to,
        lines: sorted,
        groups: [...groups.values()]
          .map((group) => {
            const rates = [
              ...new Set(group.filter((l) => l.paidMin !== 0 || l.state !== 'upcoming').map((l) => l.rate)),
            ];
            return {
              moduleId: group[0]?.moduleId ?? '',
              classId: group[0]?.classId ?? '',
              rate: rates.length === 1 ? (rates[0] ?? null) : null,
              ...sumLines(group),
            };
          })
          .sort((a, b) => a.moduleId.localeCompare(b.moduleId) || a.classId.localeCompare(b.classId)),
        totals: sumLines(sorted),
      };
    });
}

/** The statement of one teacher (an empty one when nothing concerns her in the period). */
export function buildStatement(input: StatementInput & { teacherUserId: string }): Statement {
  const adjustments = (input.adjustments ?? []).filter((a) => a.teacherUserId === input.teacherUserId);
  const statement = buildStatements({ ...input, adjustments }).find(
    (s) => s.teacherUserId === input.teacherUserId,
  );
  return (
    statement ?? {
      teacherUserId: input.teacherUserId,
      from: toIsoDate(input.range.start),
      to: toIsoDate(input.range.end.minus({ days: 1 })),
      lines: [],
      groups: [],
      totals: sumLines([]),
    }
  );
}

/** The open month a correction of a closed month counts in (stamped by the server, domain/payroll/closing). */
export function adjustmentMonthOf(log: PlanningLog): MonthKey | null {
  const month = (log as { adjustmentMonth?: unknown }).adjustmentMonth;
  return isCorrection(log) && isMonthKey(month) ? month : null;
}

function isAdjustmentCorrection(log: PlanningLog): boolean {
  return adjustmentMonthOf(log) !== null;
}

/**
 * The dated adjustments of a period (closing, issue 32): the corrections made after their course's month was
 * closed, whose `adjustmentMonth` lies in the period, each with the minutes it adds or removes
 * (domain/payroll/adjustments.ts monthAdjustments), dated the day it was made, kept inside the period. `logs`
 * must hold those corrections and the check logs of their course days.
 */
export function closingAdjustments(input: {
  logs: readonly PlanningLog[];
  timetables: readonly Timetable[];
  range: UtcRange;
  now: InstantLike;
}): StatementAdjustment[] {
  const from = toIsoDate(input.range.start);
  const to = toIsoDate(input.range.end.minus({ days: 1 }));
  const months = new Set<MonthKey>();
  for (let d = input.range.start; d < input.range.end; d = d.plus({ days: 1 }))
    months.add(toIsoDate(d).slice(0, 7));
  const out: StatementAdjustment[] = [];
  for (const month of months) {
    for (const a of monthAdjustments({
      logs: input.logs,
      timetables: input.timetables,
      month,
      now: input.now,
    })) {
      if (!a.teacherUserId || a.deltaMinutes === 0) continue;
      // Dated the day it was made, kept inside the month it counts in and inside the period.
      const [y, m] = month.split('-').map(Number);
      const monthEnd = new Date(Date.UTC(y ?? 1970, m ?? 1, 0)).toISOString().slice(0, 10);
      const low = from > `${month}-01` ? from : `${month}-01`;
      const high = to < monthEnd ? to : monthEnd;
      const made = toIsoDate(a.madeAt);
      out.push({
        id: `adjustment-${a.correction.id}`,
        date: made < low ? low : made > high ? high : made,
        teacherUserId: a.teacherUserId,
        moduleId: a.moduleId ?? '',
        classId: a.classId ?? '',
        minutes: a.deltaMinutes,
        courseDate: a.date,
        note: a.reason,
      });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
}

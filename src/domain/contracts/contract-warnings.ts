import type { Contract, ContractEntry, PlanningLog, Timetable } from '../store/schema';
import { realSessions, sessionsMinutes } from '../attendance/real-time';
import { givenOccurrences, type SubstitutionLike } from '../planning/given-occurrences';
import { slotOccurrences } from '../planning/occurrences';
import { clockRangeMinutes, parseIsoDate, type InstantLike } from '../time/instant';
import type { UtcRange } from '../time/period';
import { timetableRange } from '../time/timetable-dates';
import { contractOverlaps, contractRange } from './vh-contracts';

// Beyond the spec: warn when a pair's planned time reaches 90% of its cap.
export const CAP_NEAR_PERCENT = 90;

/** 'no-cap' when volumeCapMin is 0; 'near' from 90% of the cap up to the cap itself; 'exceeded' above it. */
export type CapLevel = 'no-cap' | 'ok' | 'near' | 'exceeded';

/** spec part 2 point 5: planned minutes above a cap (when above 0) warn; exactly at the cap does not exceed. */
export function capLevel(plannedMin: number, capMin: number): CapLevel {
  if (capMin <= 0) return 'no-cap';
  if (plannedMin > capMin) return 'exceeded';
  // integer comparison: planned / cap >= 90 / 100 without floating point
  if (plannedMin * 100 >= capMin * CAP_NEAR_PERCENT) return 'near';
  return 'ok';
}

/** A substitution as the contract warnings read it: its course and its substitute (null: cancelled). */
export interface SubstituteCourse extends SubstitutionLike {
  timetableId: string;
  date: string;
  classId: string;
  moduleId: string;
}

interface PairRef {
  teacherUserId: string;
  classId: string;
  moduleId: string;
}

export type ContractWarning =
  | ({ code: 'no-contract'; timetableId: string } & PairRef)
  | ({ code: 'pair-not-allowed'; timetableId: string; contractIds: string[] } & PairRef)
  | ({
      code: 'cap-near' | 'cap-exceeded';
      contractId: string;
      entryId: string;
      plannedMin: number;
      capMin: number;
      remainingMin: number;
    } & PairRef);

function pairKey(pair: PairRef): string {
  return `${pair.teacherUserId}\u0000${pair.classId}\u0000${pair.moduleId}`;
}

/**
 * Planned minutes of a teacher/class/module pair over a range (non-canceled occurrences only), each
 * occurrence as it is given (issue 35, domain/planning/given-occurrences, the rule of workload and
 * statements): a course she gives as a substitute counts for her, her own course given by a substitute or
 * cancelled for want of one does not.
 */
export function plannedPairMinutes(
  timetables: readonly Timetable[],
  pair: PairRef,
  range: UtcRange,
  substitutions: readonly SubstitutionLike[] = [],
): number {
  return givenOccurrences(
    slotOccurrences(
      timetables.filter((t) => t.classId === pair.classId),
      range,
    ),
    substitutions,
  )
    .map((g) => g.occurrence.slot)
    .filter(
      (slot) =>
        !slot.canceled && slot.teacherUserId === pair.teacherUserId && slot.moduleId === pair.moduleId,
    )
    .reduce((sum, slot) => sum + clockRangeMinutes(slot.startTime, slot.endTime), 0);
}

/**
 * spec part 2 point 5, contract warnings (logged, never blocking), for timetables being imported or changed:
 * - a teacher/class/module pair not allowed by a contract overlapping the timetable's period ('no-contract'
 *   when the teacher has no such contract at all, 'pair-not-allowed' when contracts exist without the pair);
 * - planned minutes of a pair above an entry's volumeCapMin when above 0 ('cap-exceeded'), counted over the
 *   contract's days in all timetables; beyond the spec, 'cap-near' from 90% of the cap up to the cap.
 * `timetables` is the whole store after the change; `candidates` replace their stored version by id.
 * Issue 35: with `substitutions`, planned minutes count each occurrence as it is given (plannedPairMinutes),
 * and a substitute of a candidate's course has her own line's cap checked too.
 */
export function contractWarnings(input: {
  candidates: readonly Timetable[];
  timetables: readonly Timetable[];
  contracts: readonly Contract[];
  substitutions?: readonly SubstituteCourse[];
}): ContractWarning[] {
  const candidateIds = new Set(input.candidates.map((t) => t.id));
  const all = [...input.timetables.filter((t) => !candidateIds.has(t.id)), ...input.candidates];
  const warnings: ContractWarning[] = [];
  const seen = new Set<string>();
  const capChecks = new Map<string, { contract: Contract; entry: ContractEntry; pair: PairRef }>();

  for (const timetable of input.candidates) {
    const period = timetableRange(timetable);
    if (!period) continue;
    for (const slot of timetable.slots) {
      if (slot.canceled || !slot.teacherUserId) continue;
      const pair = { teacherUserId: slot.teacherUserId, classId: timetable.classId, moduleId: slot.moduleId };
      const key = `${timetable.id}\u0000${pairKey(pair)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const contracts = input.contracts.filter(
        (c) => c.teacherUserId === pair.teacherUserId && contractOverlaps(c, period),
      );
      const allowing = contracts.flatMap((contract) =>
        contract.entries
          .filter((entry) => entry.classId === pair.classId && entry.moduleId === pair.moduleId)
          .map((entry) => ({ contract, entry })),
      );
      if (contracts.length === 0) {
        warnings.push({ code: 'no-contract', timetableId: timetable.id, ...pair });
      } else if (allowing.length === 0) {
        warnings.push({
          code: 'pair-not-allowed',
          timetableId: timetable.id,
          contractIds: contracts.map((c) => c.id),
          ...pair,
        });
      }
      for (const { contract, entry } of allowing) {
        capChecks.set(`${contract.id}\u0000${entry.id}`, { contract, entry, pair });
      }
    }
  }

  const substitutions = input.substitutions ?? [];
  for (const s of substitutions) {
    if (!s.substituteUserId || !candidateIds.has(s.timetableId)) continue;
    const pair = { teacherUserId: s.substituteUserId, classId: s.classId, moduleId: s.moduleId };
    const day = parseIsoDate(s.date);
    for (const contract of input.contracts) {
      const range = contract.teacherUserId === pair.teacherUserId ? contractRange(contract) : null;
      if (!range || !day || day < range.start || day >= range.end) continue;
      for (const entry of contract.entries)
        if (entry.classId === pair.classId && entry.moduleId === pair.moduleId)
          capChecks.set(`${contract.id}\u0000${entry.id}`, { contract, entry, pair });
    }
  }

  for (const { contract, entry, pair } of capChecks.values()) {
    const range = contractRange(contract);
    if (!range) continue;
    const plannedMin = plannedPairMinutes(all, pair, range, substitutions);
    const level = capLevel(plannedMin, entry.volumeCapMin);
    if (level !== 'near' && level !== 'exceeded') continue;
    warnings.push({
      code: level === 'near' ? 'cap-near' : 'cap-exceeded',
      contractId: contract.id,
      entryId: entry.id,
      plannedMin,
      capMin: entry.volumeCapMin,
      remainingMin: entry.volumeCapMin - plannedMin,
      ...pair,
    });
  }
  return warnings;
}

export interface ContractLineUsage {
  entryId: string;
  classId: string;
  moduleId: string;
  plannedMin: number;
  realMin: number;
  capMin: number;
  /** Cap minus planned time (negative once exceeded); null without a cap. */
  remainingMin: number | null;
  level: CapLevel;
}

/**
 * "Voir lignes": per pair of a contract, planned and real time over the contract's days, the cap and
 * (beyond the spec) the remaining minutes and the cap level. Remaining is counted against planned time:
 * planned hours are already committed even before they are taught.
 */
export function contractLineUsage(input: {
  contract: Contract;
  timetables: readonly Timetable[];
  logs: readonly PlanningLog[];
  now: InstantLike;
  /** Issue 35: substitutions in force, planned time counted as given (plannedPairMinutes). */
  substitutions?: readonly SubstitutionLike[];
}): ContractLineUsage[] {
  const range = contractRange(input.contract);
  const sessions = range
    ? realSessions({ logs: input.logs, range, now: input.now, timetables: input.timetables })
    : [];
  return input.contract.entries.map((entry) => {
    const pair = {
      teacherUserId: input.contract.teacherUserId,
      classId: entry.classId,
      moduleId: entry.moduleId,
    };
    const plannedMin = range ? plannedPairMinutes(input.timetables, pair, range, input.substitutions) : 0;
    const realMin = sessionsMinutes(
      sessions.filter(
        (s) =>
          s.teacherUserId === pair.teacherUserId &&
          s.classId === pair.classId &&
          s.moduleId === pair.moduleId,
      ),
    );
    return {
      entryId: entry.id,
      classId: entry.classId,
      moduleId: entry.moduleId,
      plannedMin,
      realMin,
      capMin: entry.volumeCapMin,
      remainingMin: entry.volumeCapMin > 0 ? entry.volumeCapMin - plannedMin : null,
      level: capLevel(plannedMin, entry.volumeCapMin),
    };
  });
}

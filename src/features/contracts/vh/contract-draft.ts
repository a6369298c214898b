import {
  capHoursToMinutes,
  capMinutesToHours,
  defaultContractDates,
  validateContractDates,
  type CapInputResult,
  type ContractDatesResult,
} from '../../../domain/contracts/vh-contracts';
import type { Contract, ContractEntry } from '../../../domain/store/schema';
import { toIsoInstant, type InstantLike } from '../../../domain/time/instant';

/** One class/module pair as typed in the edit dialog (the cap still as text). */
export interface PairDraft {
  key: string;
  entryId: string | null;
  classId: string;
  moduleId: string;
  capHours: string;
}

export interface ContractDraft {
  teacherUserId: string;
  startDate: string;
  endDate: string;
  /** Hourly rate in FCFA as typed (issue 32, the payroll statement's amounts); empty: none. */
  hourlyRate: string;
  pairs: PairDraft[];
}

type CapError = Extract<CapInputResult, { ok: false }>['code'];
type DatesError = Extract<ContractDatesResult, { ok: false }>['code'];

export interface PairIssues {
  class?: 'class';
  module?: 'module';
  cap?: CapError;
  duplicate?: 'duplicate';
}

export interface DraftIssues {
  teacher?: 'teacher';
  dates?: DatesError;
  pairs?: 'no-pairs';
  rate?: 'invalid-rate';
  byPair: Record<string, PairIssues>;
}

export type DraftResult =
  | {
      ok: true;
      value: {
        teacherUserId: string;
        startDate: string;
        endDate: string;
        hourlyRate: number | null;
        entries: ContractEntry[];
      };
    }
  | { ok: false; issues: DraftIssues };

/** The dialog's starting values: the contract's, or an empty one from today through 90 days later. */
export function draftFromContract(
  contract: Contract | null,
  today: InstantLike,
  newKey: () => string,
): ContractDraft {
  if (!contract)
    return {
      teacherUserId: '',
      ...defaultContractDates(today),
      hourlyRate: '',
      pairs: [emptyPair(newKey())],
    };
  const rate = (contract as { hourlyRate?: unknown }).hourlyRate;
  return {
    teacherUserId: contract.teacherUserId,
    startDate: contract.startDate,
    endDate: contract.endDate,
    hourlyRate: typeof rate === 'number' ? String(rate) : '',
    pairs: contract.entries.map((e) => ({
      key: e.id,
      entryId: e.id,
      classId: e.classId,
      moduleId: e.moduleId,
      capHours: String(capMinutesToHours(e.volumeCapMin)),
    })),
  };
}

export function emptyPair(key: string): PairDraft {
  return { key, entryId: null, classId: '', moduleId: '', capHours: '0' };
}

/**
 * The edit dialog's checks: a teacher, readable dates with the end not before the start, at least one pair,
 * each with a class, a module and a cap in whole hours (spec part 2 point 5), and no pair twice.
 * New entries get ids from `newEntryId`.
 */
export function validateContractDraft(draft: ContractDraft, newEntryId: () => string): DraftResult {
  const issues: DraftIssues = { byPair: {} };
  if (!draft.teacherUserId) issues.teacher = 'teacher';
  const dates = validateContractDates(draft.startDate, draft.endDate);
  if (!dates.ok) issues.dates = dates.code;
  if (draft.pairs.length === 0) issues.pairs = 'no-pairs';
  const rateText = draft.hourlyRate.trim().replace(',', '.').replace(/\s/g, '');
  const hourlyRate = rateText === '' ? null : Number(rateText);
  if (hourlyRate !== null && !(Number.isFinite(hourlyRate) && hourlyRate >= 0)) issues.rate = 'invalid-rate';
  const seen = new Set<string>();
  const entries: ContractEntry[] = [];
  for (const pair of draft.pairs) {
    const pairIssues: PairIssues = {};
    if (!pair.classId) pairIssues.class = 'class';
    if (!pair.moduleId) pairIssues.module = 'module';
    const cap = capHoursToMinutes(pair.capHours);
    if (!cap.ok) pairIssues.cap = cap.code;
    const key = `${pair.classId}\u0000${pair.moduleId}`;
    if (pair.classId && pair.moduleId && seen.has(key)) pairIssues.duplicate = 'duplicate';
    seen.add(key);
    if (Object.keys(pairIssues).length > 0) issues.byPair[pair.key] = pairIssues;
    else if (cap.ok) {
      entries.push({
        id: pair.entryId ?? newEntryId(),
        classId: pair.classId,
        moduleId: pair.moduleId,
        volumeCapMin: cap.value,
      });
    }
  }
  const hasIssues =
    issues.teacher !== undefined ||
    issues.dates !== undefined ||
    issues.pairs !== undefined ||
    issues.rate !== undefined ||
    Object.keys(issues.byPair).length > 0;
  if (hasIssues) return { ok: false, issues };
  return {
    ok: true,
    value: {
      teacherUserId: draft.teacherUserId,
      startDate: draft.startDate,
      endDate: draft.endDate,
      hourlyRate,
      entries,
    },
  };
}

/** The record to store: an edit keeps id, createdAt and unknown fields of the stored contract. */
export function contractFromDraft(
  existing: Contract | null,
  value: Omit<Extract<DraftResult, { ok: true }>['value'], 'hourlyRate'> & { hourlyRate?: number | null },
  id: string,
  now: InstantLike,
): Contract {
  return { ...(existing ?? { id, createdAt: toIsoInstant(now) }), ...value };
}

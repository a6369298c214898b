import type { Contract } from '../store/schema';
import { parseIsoDate, toIsoDate, toUtc, type InstantLike } from '../time/instant';
import type { UtcRange } from '../time/period';

// spec part 2 point 5: a new contract runs from today through 90 days later by default.
export const NEW_CONTRACT_DEFAULT_DAYS = 90;
export const MINUTES_PER_HOUR = 60;

export type CapInputResult =
  { ok: true; value: number } | { ok: false; code: 'invalid-number' | 'negative' | 'not-whole-hours' };

/** spec part 2 point 5: the VH cap is typed in whole hours, minimum 0, and stored in minutes (0 = no cap). */
export function capHoursToMinutes(input: string | number): CapInputResult {
  const text = typeof input === 'number' ? String(input) : input.trim().replace(',', '.');
  if (text === '') return { ok: true, value: 0 };
  const hours = Number(text);
  if (!Number.isFinite(hours)) return { ok: false, code: 'invalid-number' };
  if (hours < 0) return { ok: false, code: 'negative' };
  if (!Number.isInteger(hours)) return { ok: false, code: 'not-whole-hours' };
  return { ok: true, value: hours * MINUTES_PER_HOUR };
}

/** The hours shown in the edit dialog for a stored cap. */
export function capMinutesToHours(capMin: number): number {
  return Math.floor(Math.max(0, capMin) / MINUTES_PER_HOUR);
}

/** spec part 2 point 5: today through 90 days later. */
export function defaultContractDates(today: InstantLike): { startDate: string; endDate: string } {
  const start = toUtc(today).startOf('day');
  return { startDate: toIsoDate(start), endDate: toIsoDate(start.plus({ days: NEW_CONTRACT_DEFAULT_DAYS })) };
}

export type ContractDatesResult =
  | { ok: true; value: { startDate: string; endDate: string } }
  | { ok: false; code: 'invalid-start-date' | 'invalid-end-date' | 'end-before-start' };

/** Both dates readable and the end not before the start (a one-day contract is allowed). */
export function validateContractDates(startDate: string, endDate: string): ContractDatesResult {
  const start = parseIsoDate(startDate);
  if (!start) return { ok: false, code: 'invalid-start-date' };
  const end = parseIsoDate(endDate);
  if (!end) return { ok: false, code: 'invalid-end-date' };
  if (end < start) return { ok: false, code: 'end-before-start' };
  return { ok: true, value: { startDate, endDate } };
}

/** The contract's days as a [start, end) range: the end date is included, so the range ends the day after. */
export function contractRange(contract: Pick<Contract, 'startDate' | 'endDate'>): UtcRange | null {
  const start = parseIsoDate(contract.startDate);
  const end = parseIsoDate(contract.endDate);
  if (!start || !end || end < start) return null;
  return { start, end: end.plus({ days: 1 }) };
}

/** spec part 2 point 2: the 'en cours' tag when today falls in [start, end], both days included. */
export function isContractCurrent(
  contract: Pick<Contract, 'startDate' | 'endDate'>,
  today: InstantLike,
): boolean {
  const range = contractRange(contract);
  const day = toUtc(today).startOf('day');
  return !!range && day >= range.start && day < range.end;
}

/** Whether the contract covers at least one instant of the period. */
export function contractOverlaps(
  contract: Pick<Contract, 'startDate' | 'endDate'>,
  period: UtcRange,
): boolean {
  const range = contractRange(contract);
  return !!range && range.start < period.end && period.start < range.end;
}

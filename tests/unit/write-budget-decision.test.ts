import { describe, expect, it } from 'vitest';
import {
  budgetDecision,
  budgetSpend,
  BYTE_UNIT,
  RefusedAccounts,
  MUTATION_UNIT,
  WRITE_HOUR_MS,
  WRITE_WINDOW_MS,
  type WriteBudget,
} from '../../server/auth/write-budget';

/**
 * The write budget's arithmetic, apart from where it is counted (before the batch on SQLite, in the group's
 * first statement on PostgreSQL, issue 31): what a push spends, and the decision once its buckets are counted,
 * at the thresholds.
 */
const BUDGET: WriteBudget = {
  bytesPerMinute: 4 * BYTE_UNIT,
  mutationsPerMinute: 3 * MUTATION_UNIT,
  bytesPerHour: 10 * BYTE_UNIT,
};
// 30 s into a minute, 30 min into an hour.
const NOW = new Date(Date.UTC(2026, 10, 28, 8, 30, 30));

describe('budgetSpend', () => {
  it.each([
    [0, 0, 1, 1],
    [1, 1, 1, 1],
    [BYTE_UNIT, MUTATION_UNIT, 1, 1],
    [BYTE_UNIT + 1, MUTATION_UNIT + 1, 2, 2],
    [3 * BYTE_UNIT, 200, 3, 2],
  ])('%i bytes and %i mutations spend %i byte and %i mutation units', (bytes, count, byteUnits, units) => {
    const spend = budgetSpend('account:o:u', bytes, count, NOW, BUDGET);
    const minute = NOW.getTime() - (NOW.getTime() % WRITE_WINDOW_MS);
    const hour = NOW.getTime() - (NOW.getTime() % WRITE_HOUR_MS);
    expect(spend.hits).toEqual([
      { bucket: 'writeBytes:account:o:u', windowStartMs: minute, units: byteUnits },
      { bucket: 'writeMutations:account:o:u', windowStartMs: minute, units },
      { bucket: 'writeBytesHour:account:o:u', windowStartMs: hour, units: byteUnits },
    ]);
  });

  it('counts no hour when the budget has none', () => {
    const { bytesPerHour: _none, ...minuteOnly } = BUDGET;
    expect(budgetSpend('k', 10, 1, NOW, minuteOnly).hits.map((h) => h.bucket)).toEqual([
      'writeBytes:k',
      'writeMutations:k',
    ]);
  });
});

describe('budgetDecision', () => {
  const spend = budgetSpend('k', 10, 1, NOW, BUDGET);
  it.each<[string, number[], false | number]>([
    ['everything at its limit', [4, 3, 10], false],
    ['bytes one unit over the minute', [5, 1, 5], 30],
    ['mutations one unit over the minute', [1, 4, 5], 30],
    ['bytes one unit over the hour', [1, 1, 11], 30 * 60 - 30],
    ['the hour before the minute when both are over', [5, 4, 11], 30 * 60 - 30],
  ])('%s', (_, counts, retryAfter) => {
    const decision = budgetDecision(spend, counts);
    expect(decision).toEqual(
      retryAfter === false
        ? { ok: true }
        : { ok: false, status: 429, retryAfter, untilMs: NOW.getTime() + retryAfter * 1000 },
    );
  });

  it('waits at least a second', () => {
    const late = budgetSpend('k', 10, 1, new Date(Date.UTC(2026, 10, 28, 8, 59, 59, 999)), BUDGET);
    expect(budgetDecision(late, [5, 1, 1])).toMatchObject({ ok: false, status: 429, retryAfter: 1 });
  });
});

describe('RefusedAccounts', () => {
  const refusal = (untilMs: number) => ({ ok: false as const, status: 429 as const, retryAfter: 1, untilMs });
  const at = NOW.getTime();

  it.each([
    [0, 30],
    [29_001, 1],
    [29_999, 1],
  ])('refuses %i ms after the refusal, %i s before its window ends', (after, retryAfter) => {
    const accounts = new RefusedAccounts();
    accounts.remember('a', refusal(at + 30_000), at);
    expect(accounts.refusal('a', at + after)).toEqual({
      ok: false,
      status: 429,
      retryAfter,
      untilMs: at + 30_000,
    });
    expect(accounts.refusal('b', at + after)).toBeNull();
  });

  it('lets the account push again once the window has ended', () => {
    const accounts = new RefusedAccounts();
    accounts.remember('a', refusal(at + 30_000), at);
    expect(accounts.refusal('a', at + 30_000)).toBeNull();
  });

  it('keeps at most its size: the ended refusals go first, then the oldest', () => {
    const accounts = new RefusedAccounts(2);
    accounts.remember('ended', refusal(at + 10), at);
    accounts.remember('a', refusal(at + 60_000), at);
    accounts.remember('b', refusal(at + 60_000), at + 20);
    expect(['ended', 'a', 'b'].map((k) => accounts.refusal(k, at + 20) !== null)).toEqual([
      false,
      true,
      true,
    ]);
    accounts.remember('c', refusal(at + 60_000), at + 30);
    expect(['a', 'b', 'c'].map((k) => accounts.refusal(k, at + 30) !== null)).toEqual([false, true, true]);
  });
});

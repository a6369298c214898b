import type { FastifyReply } from 'fastify';
import { recordSizeProblem, type SizeProblem } from '../../src/domain/access/record-limits';
import type { Mutation } from '../../src/domain/sync/protocol';
import { frSecurityUsers } from '../../src/i18n/fr-security-users';
import type { RateHit } from '../storage/sync-storage';

/**
 * Per-account write budget (spec: size limits and a write budget answered 413/429 in French). Counted in the
 * database's rate-limit table, so every app server shares one allowance per account: an account's sessions
 * (ten new ones every five minutes from one address) share it, so opening sessions buys no more room
 * (issue 29). A kiosk, a device of its own, has its own. Bytes are counted in units of BYTE_UNIT and
 * mutations in units of MUTATION_UNIT, every counter in one write: before the batch on SQLite (its next group
 * commit), in the first statement of the batch's group on PostgreSQL (sync-service.ts pushBatch).
 */
export const WRITE_WINDOW_MS = 60_000;
export const BYTE_UNIT = 64 * 1024;
export const MUTATION_UNIT = 100;

/** The longer window (rate-limit rows are purged an hour after their window starts: no longer than this). */
export const WRITE_HOUR_MS = 60 * 60_000;

export interface WriteBudget {
  /** Request bytes an account may push per minute. */
  bytesPerMinute: number;
  /** Mutations an account may push per minute. */
  mutationsPerMinute: number;
  /**
   * Request bytes an account may push per hour: a flood at the minute's pace stops after a few minutes. A
   * teacher's whole contract file is about 16 MB; an hour of an administrator's imports far less than this.
   */
  bytesPerHour?: number;
}

/** Wide above a school's real pace (a day offline is a few hundred mutations), far below a flood. */
export const STANDARD_WRITE_BUDGET: WriteBudget = {
  bytesPerMinute: 32 * 1024 * 1024,
  mutationsPerMinute: 6_000,
  bytesPerHour: 128 * 1024 * 1024,
};

/** Whose allowance a push spends: the account of a person's sessions, a kiosk's own session. */
export function writeAccountKey(
  orgId: string,
  viewer: { kind: string; userId?: string },
  sessionTokenHash: string,
): string {
  return viewer.kind === 'user' && viewer.userId
    ? `account:${orgId}:${viewer.userId}`
    : `session:${sessionTokenHash}`;
}

/**
 * WRITE_BUDGET_MUTATIONS, WRITE_BUDGET_BYTES (per account and minute) and WRITE_BUDGET_BYTES_PER_HOUR replace
 * the standard budget, e.g. for a load benchmark that pushes far more than a school does from one account.
 */
export function writeBudgetFromEnv(env: NodeJS.ProcessEnv = process.env): WriteBudget {
  const positive = (raw: string | undefined, fallback: number) => {
    const value = Number(raw);
    return raw !== undefined && raw.trim() !== '' && Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const bytesPerMinute = positive(env.WRITE_BUDGET_BYTES, STANDARD_WRITE_BUDGET.bytesPerMinute);
  return {
    bytesPerMinute,
    mutationsPerMinute: positive(env.WRITE_BUDGET_MUTATIONS, STANDARD_WRITE_BUDGET.mutationsPerMinute),
    // Four minutes at full pace by default (the standard 128 MiB), so a benchmark's larger minute keeps room.
    bytesPerHour: positive(env.WRITE_BUDGET_BYTES_PER_HOUR, 4 * bytesPerMinute),
  };
}

export const DEFAULT_WRITE_BUDGET: WriteBudget = writeBudgetFromEnv();

export type WriteLimitDecision =
  | { ok: true }
  | { ok: false; status: 413; problem: SizeProblem; mutationId: string }
  | {
      ok: false;
      status: 429;
      /** Seconds until the window that refused ends (Retry-After). */
      retryAfter: number;
      /** When that window ends (ms since the epoch). */
      untilMs: number;
    };

/** The first mutation whose values are over the record limits of its collection. */
export function oversized(
  mutations: readonly Mutation[],
): Extract<WriteLimitDecision, { status: 413 }> | null {
  for (const m of mutations) {
    const problem = recordSizeProblem(m.collection, m.values);
    if (problem) return { ok: false, status: 413, problem, mutationId: m.mutationId };
  }
  return null;
}

/** What a push spends of its account's budget: the rate-limit hits to count, and what the counts are judged by. */
export interface BudgetSpend {
  hits: RateHit[];
  nowMs: number;
  windowStart: number;
  hourStart: number;
  /** The budget counts an hour too (WriteBudget.bytesPerHour). */
  hourly: boolean;
  budget: WriteBudget;
}

/** The hits of a push of `bytes` and `mutationCount` mutations at `now` on the account `accountKey`. */
export function budgetSpend(
  accountKey: string,
  bytes: number,
  mutationCount: number,
  now: Date,
  budget: WriteBudget = DEFAULT_WRITE_BUDGET,
): BudgetSpend {
  const nowMs = now.getTime();
  const windowStart = nowMs - (nowMs % WRITE_WINDOW_MS);
  const hourStart = nowMs - (nowMs % WRITE_HOUR_MS);
  const byteUnits = Math.max(1, Math.ceil(bytes / BYTE_UNIT));
  const mutationUnits = Math.max(1, Math.ceil(mutationCount / MUTATION_UNIT));
  const hourly = budget.bytesPerHour !== undefined && budget.bytesPerHour > 0;
  return {
    hits: [
      { bucket: `writeBytes:${accountKey}`, windowStartMs: windowStart, units: byteUnits },
      { bucket: `writeMutations:${accountKey}`, windowStartMs: windowStart, units: mutationUnits },
      ...(hourly
        ? [{ bucket: `writeBytesHour:${accountKey}`, windowStartMs: hourStart, units: byteUnits }]
        : []),
    ],
    nowMs,
    windowStart,
    hourStart,
    hourly,
    budget,
  };
}

/** The decision once the hits of `spend` are counted: `counts` are the buckets' counts with this push's units. */
export function budgetDecision(spend: BudgetSpend, counts: readonly number[]): WriteLimitDecision {
  const { budget, nowMs, windowStart, hourStart, hourly } = spend;
  const [bytesSpent = 0, mutationsSpent = 0, hourBytesSpent = 0] = counts;
  const withinMinute =
    bytesSpent <= Math.ceil(budget.bytesPerMinute / BYTE_UNIT) &&
    mutationsSpent <= Math.ceil(budget.mutationsPerMinute / MUTATION_UNIT);
  const withinHour = !hourly || hourBytesSpent <= Math.ceil((budget.bytesPerHour ?? 0) / BYTE_UNIT);
  if (withinHour && withinMinute) return { ok: true };
  const untilMs = withinHour ? windowStart + WRITE_WINDOW_MS : hourStart + WRITE_HOUR_MS;
  return { ok: false, status: 429, retryAfter: Math.max(1, Math.ceil((untilMs - nowMs) / 1000)), untilMs };
}

/** At most this many refused accounts remembered per server (RefusedAccounts). */
export const REFUSED_ACCOUNTS_MAX = 10_000;

/**
 * The accounts this server saw refused, each until its refusal's window ends. A window's count never falls, so
 * an account refused in it stays refused until it ends, on every server: its next pushes here are refused at
 * once, without a statement, and never queue behind its organisation's writes (issue 31: on PostgreSQL the
 * budget is counted in the group's first statement, under the lock, and a flood there would cost the whole
 * organisation). Not counted: it changes no decision, the next window starts from its own count.
 */
export class RefusedAccounts {
  private readonly until = new Map<string, number>();

  constructor(private readonly max = REFUSED_ACCOUNTS_MAX) {}

  /** The refusal still running for `accountKey` at `nowMs`, with the seconds left; null when none. */
  refusal(accountKey: string, nowMs: number): Extract<WriteLimitDecision, { status: 429 }> | null {
    const untilMs = this.until.get(accountKey);
    if (untilMs === undefined) return null;
    if (untilMs <= nowMs) {
      this.until.delete(accountKey);
      return null;
    }
    return { ok: false, status: 429, retryAfter: Math.max(1, Math.ceil((untilMs - nowMs) / 1000)), untilMs };
  }

  /** Remembers a refusal heard at `nowMs`, until its window ends. */
  remember(accountKey: string, decision: Extract<WriteLimitDecision, { status: 429 }>, nowMs: number): void {
    this.until.delete(accountKey);
    this.until.set(accountKey, decision.untilMs);
    if (this.until.size <= this.max) return;
    for (const [key, untilMs] of this.until) if (untilMs <= nowMs) this.until.delete(key);
    // Still full: the oldest refusals go (they are counted again by the database, as before).
    for (const key of this.until.keys()) {
      if (this.until.size <= this.max) break;
      this.until.delete(key);
    }
  }
}

/** The French answer of a refused push. */
export function replyWriteLimit(
  reply: FastifyReply,
  decision: Exclude<WriteLimitDecision, { ok: true }>,
): FastifyReply {
  void reply.header('cache-control', 'no-store');
  if (decision.status === 413) {
    const field = decision.problem.kind === 'text' ? decision.problem.field : 'enregistrement';
    return reply.code(413).send({
      error: 'too-large',
      message: frSecurityUsers.tooLarge(field),
      mutationId: decision.mutationId,
      limit: decision.problem.max,
    });
  }
  return reply
    .code(429)
    .header('retry-after', String(decision.retryAfter))
    .send({ error: 'write-budget', message: frSecurityUsers.tooMuch });
}

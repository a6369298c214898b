import type { FastifyReply } from 'fastify';
import { recordSizeProblem, type SizeProblem } from '../../src/domain/access/record-limits';
import type { Mutation } from '../../src/domain/sync/protocol';
import { frSecurityUsers } from '../../src/i18n/fr-security-users';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * Per-session write budget (spec: size limits and a write budget answered 413/429 in French). Counted in the
 * database's rate-limit table, so every app server shares one allowance per session. Bytes are counted in
 * units of BYTE_UNIT and mutations in units of MUTATION_UNIT, both counters in one write (one statement
 * each, one group commit on SQLite) before the batch.
 */
export const WRITE_WINDOW_MS = 60_000;
export const BYTE_UNIT = 64 * 1024;
export const MUTATION_UNIT = 100;

export interface WriteBudget {
  /** Request bytes a session may push per minute. */
  bytesPerMinute: number;
  /** Mutations a session may push per minute. */
  mutationsPerMinute: number;
}

/** Wide above a school's real pace (a day offline is a few hundred mutations), far below a flood. */
export const STANDARD_WRITE_BUDGET: WriteBudget = {
  bytesPerMinute: 32 * 1024 * 1024,
  mutationsPerMinute: 6_000,
};

/**
 * WRITE_BUDGET_MUTATIONS and WRITE_BUDGET_BYTES (per session and minute) replace the standard budget, e.g.
 * for a load benchmark that pushes far more than a school does from one session.
 */
export function writeBudgetFromEnv(env: NodeJS.ProcessEnv = process.env): WriteBudget {
  const positive = (raw: string | undefined, fallback: number) => {
    const value = Number(raw);
    return raw !== undefined && raw.trim() !== '' && Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    bytesPerMinute: positive(env.WRITE_BUDGET_BYTES, STANDARD_WRITE_BUDGET.bytesPerMinute),
    mutationsPerMinute: positive(env.WRITE_BUDGET_MUTATIONS, STANDARD_WRITE_BUDGET.mutationsPerMinute),
  };
}

export const DEFAULT_WRITE_BUDGET: WriteBudget = writeBudgetFromEnv();

export type WriteLimitDecision =
  | { ok: true }
  | { ok: false; status: 413; problem: SizeProblem; mutationId: string }
  | { ok: false; status: 429; retryAfter: number };

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

/** Counts this push against the session's minute; refuses once either allowance is spent. */
export async function spendWriteBudget(
  storage: SyncStorage,
  sessionKey: string,
  bytes: number,
  mutationCount: number,
  now: Date,
  budget: WriteBudget = DEFAULT_WRITE_BUDGET,
): Promise<WriteLimitDecision> {
  const nowMs = now.getTime();
  const windowStart = nowMs - (nowMs % WRITE_WINDOW_MS);
  const retryAfter = Math.max(1, Math.ceil((windowStart + WRITE_WINDOW_MS - nowMs) / 1000));
  const byteUnits = Math.max(1, Math.ceil(bytes / BYTE_UNIT));
  const mutationUnits = Math.max(1, Math.ceil(mutationCount / MUTATION_UNIT));
  const [bytesSpent = 0, mutationsSpent = 0] = await storage.rateLimits.hitEach([
    { bucket: `writeBytes:${sessionKey}`, windowStartMs: windowStart, units: byteUnits },
    { bucket: `writeMutations:${sessionKey}`, windowStartMs: windowStart, units: mutationUnits },
  ]);
  const within =
    bytesSpent <= Math.ceil(budget.bytesPerMinute / BYTE_UNIT) &&
    mutationsSpent <= Math.ceil(budget.mutationsPerMinute / MUTATION_UNIT);
  return within ? { ok: true } : { ok: false, status: 429, retryAfter };
}

/** Size limits first (nothing is counted for a refused body), then the budget. */
export async function checkWriteLimits(
  storage: SyncStorage,
  sessionKey: string,
  bytes: number,
  mutations: readonly Mutation[],
  now: Date,
  budget?: WriteBudget,
): Promise<WriteLimitDecision> {
  const tooLarge = oversized(mutations);
  if (tooLarge) return tooLarge;
  return spendWriteBudget(storage, sessionKey, bytes, mutations.length, now, budget);
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

import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  isWithinLimit,
  RATE_LIMITS,
  retryAfterSeconds,
  windowStart,
  type RateLimitRule,
  type RateLimitTable,
} from '../../src/domain/auth/session-policy';
import type { SyncStorage } from '../storage/sync-storage';

export type RateDecision = { ok: true } | { ok: false; retryAfter: number };

/** The one answer of a refused attempt, on every rate-limited route. */
export function replyRateLimited(
  reply: FastifyReply,
  decision: Extract<RateDecision, { ok: false }>,
): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(decision.retryAfter))
    .header('cache-control', 'no-store')
    .send({ error: 'rate-limited' });
}

/**
 * Counts one attempt in every bucket named (per account and per address) and refuses when any is over its
 * limit. Counters live in the database, so a second app server does not grant a second allowance.
 */
export async function hitRateLimits(
  storage: SyncStorage,
  buckets: readonly { rule: RateLimitRule; key: string }[],
  now: Date,
  limits: RateLimitTable = RATE_LIMITS,
): Promise<RateDecision> {
  const nowMs = now.getTime();
  const start = windowStart(nowMs);
  const counted = await storage.rateLimits.hitEach(
    buckets.map(({ rule, key }) => ({ bucket: `${rule}:${key}`, windowStartMs: start, units: 1 })),
  );
  const ok = buckets.every(({ rule }, i) => isWithinLimit(rule, counted[i] ?? 0, limits));
  return ok ? { ok: true } : { ok: false, retryAfter: retryAfterSeconds(nowMs) };
}

/**
 * A route's onRequest hook that counts one attempt of the request's address under `rule` before any byte of
 * the body is read: a flood from one address is refused (429) at the cost of one counter, whatever it sends.
 * Routes whose other buckets need the body (per account and address) count those once it is decoded; both
 * windows start together, so an address refused here would have been refused there too.
 */
export function addressRateLimit(
  storage: SyncStorage,
  rule: RateLimitRule,
  limits: RateLimitTable,
  clock: () => Date = () => new Date(),
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  return async (request, reply) => {
    const decision = await hitRateLimits(storage, [{ rule, key: request.ip }], clock(), limits);
    return decision.ok ? undefined : replyRateLimited(reply, decision);
  };
}

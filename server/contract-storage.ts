import type { FastifyReply } from 'fastify';
import {
  contractStorageDecision,
  DEFAULT_CONTRACT_STORAGE_LIMITS,
  type ContractStorageLimits,
  type ContractStorageRefusal,
} from '../src/domain/contracts/storage-limits';
import type { Mutation } from '../src/domain/sync/protocol';
import { frContractStorage } from '../src/i18n/fr-contract-storage';
import { utf8Bytes } from './storage/page-sizes';
import type { Authorize } from './sync-service';

/**
 * The storage limits of contract files (src/domain/contracts/storage-limits.ts), checked in the write
 * transaction against what the database holds at that moment (so two servers or two tabs cannot both take
 * the last room). A write over a limit throws ContractStorageExceeded: the whole batch is rolled back and
 * the push answers 413 (the teacher's limits) or 507 (the organisation's quota), in French, naming the
 * change, so the device drops that one change and sends the rest (src/sync/outbox-push.ts).
 */
export class ContractStorageExceeded extends Error {
  constructor(
    readonly refusal: ContractStorageRefusal,
    readonly recordId: string,
  ) {
    super(`contract storage: ${refusal.code}`);
  }
}

const COLLECTION = 'teacherContractSubmissions';

/** Limits from the environment (ORG_STORAGE_QUOTA_BYTES), else the standard ones. */
export function contractLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): ContractStorageLimits {
  const quota = Number(env.ORG_STORAGE_QUOTA_BYTES);
  return {
    ...DEFAULT_CONTRACT_STORAGE_LIMITS,
    ...(Number.isInteger(quota) && quota > 0 ? { orgQuotaBytes: quota } : {}),
  };
}

/** `authorize` followed, for an allowed write of a contract file, by its storage limits. */
export function withContractStorageLimits(
  authorize: Authorize,
  limits: ContractStorageLimits = DEFAULT_CONTRACT_STORAGE_LIMITS,
): Authorize {
  return async (tx, write) => {
    const decision = await authorize(tx, write);
    if (!decision.ok || write.collection !== COLLECTION || !write.after) return decision;
    const storedBefore = write.before ? utf8Bytes(JSON.stringify(write.before)) : 0;
    const storedAfter = utf8Bytes(JSON.stringify(write.after));
    const owner = typeof write.after.teacherUserId === 'string' ? write.after.teacherUserId : null;
    // Only growth is judged (a review, a removed piece, a deletion always pass): the reads below are for it.
    if (storedAfter <= storedBefore && write.before) return decision;
    const otherFiles = owner
      ? (await tx.listOwned(COLLECTION, owner)).filter((r) => r.id !== write.recordId).map((r) => r.data)
      : [];
    const verdict = contractStorageDecision(
      {
        before: write.before,
        after: write.after,
        otherFiles,
        orgStoredBytes: await tx.storedBytes(COLLECTION),
        storedBefore,
        storedAfter,
      },
      limits,
    );
    if (!verdict.ok) {
      const { ok: _ok, ...refusal } = verdict;
      throw new ContractStorageExceeded(refusal, write.recordId);
    }
    return decision;
  };
}

/** The French answer of a push refused for storage, naming the change the device should drop. */
export function replyContractStorage(
  reply: FastifyReply,
  error: ContractStorageExceeded,
  mutations: readonly Mutation[],
): FastifyReply {
  const mutation = mutations.find((m) => m.collection === COLLECTION && m.recordId === error.recordId);
  const { refusal } = error;
  return reply
    .code(refusal.status)
    .header('cache-control', 'no-store')
    .send({
      error: refusal.code,
      message: frContractStorage.refusal(refusal.code, refusal.max),
      ...(mutation ? { mutationId: mutation.mutationId } : {}),
      limit: refusal.max,
    });
}

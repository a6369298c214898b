import type { Viewer } from '../src/domain/access/viewer';
import { closureId, isMonthKey } from '../src/domain/payroll/closing';
import type { User } from '../src/domain/store/schema';
import type { RecordData } from '../src/domain/sync/merge';
import type { Mutation } from '../src/domain/sync/protocol';
import type { SyncTransaction } from './storage/sync-storage';

/**
 * The server's side of a teacher's answer to her payroll statement (collection statementAcks, issue 32,
 * domain/payroll/statement-ack.ts; who may write it: domain/access/write-statement-acks.ts):
 * - the server decides when and who: `at` is its clock, `actorUserId`/`actorUserName` the session's person,
 *   whatever the device wrote there;
 * - an answer is accepted only for a month closed for the whole organisation (domain/payroll/closing.ts):
 *   before closing, the hours may still change ('month-not-closed').
 */

type Tx = Pick<SyncTransaction, 'getRecord'>;

export const STATEMENT_ACK_STAMPED_FIELDS = ['at', 'actorUserId', 'actorUserName'] as const;

export function stampStatementAck(
  mutation: Mutation,
  current: { data: RecordData } | null,
  viewer: Viewer,
  actor: Pick<User, 'id' | 'name'> | null,
  now: Date,
): Mutation {
  if (mutation.collection !== 'statementAcks' || mutation.op !== 'put' || !mutation.values) return mutation;
  if (current !== null || viewer.kind !== 'user') return mutation;
  const fields = new Set([...mutation.changedFields, ...STATEMENT_ACK_STAMPED_FIELDS]);
  return {
    ...mutation,
    changedFields: [...fields],
    values: {
      ...mutation.values,
      at: now.toISOString(),
      actorUserId: viewer.userId,
      actorUserName: actor?.name ?? null,
    },
  };
}

/** 'month-not-closed' for an answer about a month the organisation has not closed; null otherwise. */
export async function statementAckRefusal(
  tx: Tx,
  write: { collection: string; before: RecordData | null; after: RecordData | null },
): Promise<string | null> {
  if (write.collection !== 'statementAcks' || write.before || !write.after) return null;
  const month = write.after.month;
  if (!isMonthKey(month)) return null; // the access rule refuses it ('invalid-month')
  const closure = await tx.getRecord('monthClosures', closureId(month, null));
  return closure && !closure.deleted && closure.data.status === 'closed' ? null : 'month-not-closed';
}

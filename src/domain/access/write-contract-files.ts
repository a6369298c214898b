import { canOpen } from '../auth/routes';
import type { RecordData } from './record';
import { mayReviewContracts } from './rules';
import { ALLOWED, onlyChanged, refuse, type UserWrite, type WriteDecision } from './write-context';
import { authorizeSubmissionWrite } from './write-people';

/**
 * Contract files (teacherContractSubmissions): the rules of write-people.ts, and the deletions that let a
 * school control its storage (issue 29). A validated file stays read-only for everyone (spec part 2 point 4);
 * before that:
 * - its teacher may delete the file, or remove its pieces (an update of `attachments`, write-people.ts);
 * - a compliance reviewer (contracts.compliance) may delete any teacher's file, or remove pieces of it: an
 *   update that only takes pieces out (each one left is unchanged) and may note the time.
 */
export function authorizeContractFileWrite(write: UserWrite): WriteDecision {
  if (write.op === 'delete') return deleteDecision(write);
  if (
    write.op === 'update' &&
    write.before.teacherUserId !== write.viewer.userId &&
    mayReviewContracts(write.modules) &&
    write.changed.includes('attachments')
  )
    return pieceRemovalDecision(write);
  return authorizeSubmissionWrite(write);
}

function deleteDecision(write: UserWrite & { op: 'delete' }): WriteDecision {
  if (write.before.status === 'validated') return refuse('read-only');
  if (mayReviewContracts(write.modules)) return ALLOWED;
  const isOwner = write.before.teacherUserId === write.viewer.userId;
  const opensOwnFile = canOpen('/teacher/contract', {
    granted: write.viewer.granted,
    loginMode: write.viewer.loginMode,
  });
  return isOwner && opensOwnFile ? ALLOWED : refuse('not-permitted');
}

const piecesOf = (record: RecordData): RecordData[] =>
  Array.isArray(record.attachments) ? (record.attachments as RecordData[]) : [];

/** Every piece left is one of the file's, unchanged: a reviewer only takes pieces out. */
export function onlyRemovesPieces(before: RecordData, after: RecordData): boolean {
  const known = new Map(piecesOf(before).map((p) => [p.id, JSON.stringify(p)]));
  const left = piecesOf(after);
  return left.length < known.size && left.every((p) => known.get(p.id) === JSON.stringify(p));
}

function pieceRemovalDecision(write: UserWrite & { op: 'update' }): WriteDecision {
  if (write.before.status === 'validated') return refuse('read-only');
  if (!onlyChanged(write, ['attachments', 'updatedAt'])) return refuse('field-not-permitted');
  return onlyRemovesPieces(write.before, write.after) ? ALLOWED : refuse('field-not-permitted');
}

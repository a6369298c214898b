import { decodedSize } from './attachments';

/**
 * Storage the school controls (issue 29): what one teacher's contract files may hold, and what the whole
 * organisation's may. A contract file is the teacher's form and its pieces (identity, RIB, attestations:
 * a diploma, a CV), each at most UPLOAD_MAX_BYTES (3,000,000 bytes).
 *
 * - A teacher has one file; a second appears when two offline devices each create one
 *   (submission-service.ts), so a few records, never dozens.
 * - The pieces of a teacher's files hold at most MAX_ATTACHMENT_BYTES_PER_TEACHER bytes together: a RIB, an
 *   identity document, a diploma and a CV at 3,000,000 bytes each, and room for one more.
 * - The organisation's contract files hold at most its quota (ORG_STORAGE_QUOTA_BYTES, bytes as stored:
 *   base64 makes a file a third larger). Beyond it a new piece is refused for everyone with 507, in French,
 *   until a reviewer deletes files or the quota is raised.
 */
export const MAX_CONTRACT_FILES_PER_TEACHER = 3;
export const MAX_ATTACHMENT_BYTES_PER_TEACHER = 15_000_000;
/**
 * 400 MB of stored contract files (about 300 MB of pieces: 25 complete files of 3,000,000-byte pieces, or
 * some 150 teachers with phone photos and PDFs of a few hundred kilobytes). An administrator's device
 * receives every file in one answer of the store, which a browser parses as one string (about 512 MB at
 * most in Chrome): the default keeps that answer loadable. A server raises it with ORG_STORAGE_QUOTA_BYTES.
 */
export const DEFAULT_ORG_CONTRACT_QUOTA_BYTES = 400_000_000;

export interface ContractStorageLimits {
  filesPerTeacher: number;
  attachmentBytesPerTeacher: number;
  orgQuotaBytes: number;
}

export const DEFAULT_CONTRACT_STORAGE_LIMITS: ContractStorageLimits = {
  filesPerTeacher: MAX_CONTRACT_FILES_PER_TEACHER,
  attachmentBytesPerTeacher: MAX_ATTACHMENT_BYTES_PER_TEACHER,
  orgQuotaBytes: DEFAULT_ORG_CONTRACT_QUOTA_BYTES,
};

type FileLike = Readonly<Record<string, unknown>>;

/** Decoded bytes of a file's pieces (by their content: the declared `size` is the device's word). */
export function attachmentBytesOf(file: FileLike | null): number {
  const list = Array.isArray(file?.attachments) ? (file.attachments as unknown[]) : [];
  let total = 0;
  for (const piece of list) {
    const content = (piece as { contentBase64?: unknown } | null)?.contentBase64;
    if (typeof content === 'string') total += decodedSize(content);
  }
  return total;
}

export type ContractStorageRefusal =
  | { status: 413; code: 'files-per-teacher'; max: number }
  | { status: 413; code: 'bytes-per-teacher'; max: number }
  | { status: 507; code: 'org-quota'; max: number };

export type ContractStorageDecision = { ok: true } | ({ ok: false } & ContractStorageRefusal);

export interface ContractStorageWrite {
  /** The file as stored before the write (null: a new file) and after it (null: deleted). */
  before: FileLike | null;
  after: FileLike | null;
  /** The teacher's other live files (this one left out). */
  otherFiles: readonly FileLike[];
  /** Bytes the organisation's live contract files hold now, this one included as it was. */
  orgStoredBytes: number;
  /** Stored bytes of this file before and after (its JSON text). */
  storedBefore: number;
  storedAfter: number;
}

/**
 * Whether a write of one contract file stays within the limits. A write that frees space (a deletion, a
 * removed piece, a review) is always allowed, even over a limit lowered since: only growth is refused, so
 * a teacher or a reviewer can always clean up.
 */
export function contractStorageDecision(
  write: ContractStorageWrite,
  limits: ContractStorageLimits = DEFAULT_CONTRACT_STORAGE_LIMITS,
): ContractStorageDecision {
  if (!write.after) return { ok: true };
  const isNew = write.before === null;
  if (isNew && write.otherFiles.length + 1 > limits.filesPerTeacher)
    return { ok: false, status: 413, code: 'files-per-teacher', max: limits.filesPerTeacher };
  const piecesBefore = attachmentBytesOf(write.before);
  const piecesAfter = attachmentBytesOf(write.after);
  if (piecesAfter > piecesBefore) {
    const others = write.otherFiles.reduce((sum, file) => sum + attachmentBytesOf(file), 0);
    if (others + piecesAfter > limits.attachmentBytesPerTeacher)
      return { ok: false, status: 413, code: 'bytes-per-teacher', max: limits.attachmentBytesPerTeacher };
  }
  if (write.storedAfter > write.storedBefore) {
    const orgAfter = write.orgStoredBytes - write.storedBefore + write.storedAfter;
    if (orgAfter > limits.orgQuotaBytes)
      return { ok: false, status: 507, code: 'org-quota', max: limits.orgQuotaBytes };
  }
  return { ok: true };
}

/** What the teacher's device checks before adding a piece (the server checks again). */
export function pieceFitsTeacherLimit(
  files: readonly FileLike[],
  addedBytes: number,
  limits: ContractStorageLimits = DEFAULT_CONTRACT_STORAGE_LIMITS,
): boolean {
  const held = files.reduce((sum, file) => sum + attachmentBytesOf(file), 0);
  return held + addedBytes <= limits.attachmentBytesPerTeacher;
}

import type { CollectionName } from '../store/collections';

/**
 * Size limits of what a session pushes (spec: the server owns what a client cannot be trusted with). A
 * journal, a log or a name is a few hundred characters; the caps leave wide room above that, and stop one
 * device from filling the append-only journal that every administrator downloads at sign-in.
 */

/** Any text value, anywhere in a record. */
export const MAX_TEXT_CHARS = 4_000;

/** Fields that name, address or label something: a line of text. */
const SHORT_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'email',
  'firstName',
  'lastName',
  'targetUserName',
  'actorUserName',
  'code',
]);
export const MAX_SHORT_TEXT_CHARS = 320;

/** Free text a person types: a journal's details, a reason, a note. */
const NOTE_FIELDS: ReadonlySet<string> = new Set(['details', 'note', 'notes', 'reason', 'rejectionReason']);
export const MAX_NOTE_CHARS = 2_000;

/** An attachment's content: 3,000,000 bytes as base64 (4,000,000 characters) and a data-URL prefix. */
export const MAX_ATTACHMENT_CHARS = 4_000_100;

/** Whole-record caps (JSON characters of the values a mutation carries), by collection. */
export const MAX_RECORD_CHARS: Readonly<Record<CollectionName, number>> = {
  users: 32_000,
  profiles: 32_000,
  modules: 16_000,
  institutes: 16_000,
  levels: 16_000,
  classes: 16_000,
  courseModules: 16_000,
  // A month of slots for one class.
  timetables: 1_000_000,
  planningImports: 256_000,
  planningLogs: 8_000,
  userLogs: 8_000,
  notifications: 4_000,
  rescheduleRequests: 16_000,
  contracts: 1_000_000,
  // Four attachments of 3,000,000 bytes (a RIB, an identity document, a diploma, a CV) and the form; what
  // a teacher's files hold together is capped by src/domain/contracts/storage-limits.ts.
  teacherContractSubmissions: 16_500_000,
  settings: 16_000,
  // A closure and its history of closings and reopenings.
  monthClosures: 64_000,
  // A teacher's answer to her statement: a decision and a comment.
  statementAcks: 8_000,
  // An absence and its reason; a substitution's references.
  absences: 4_000,
  substitutions: 4_000,
};

export type SizeProblem =
  | { kind: 'text'; field: string; length: number; max: number }
  | { kind: 'record'; length: number; max: number };

function textCap(field: string): number {
  if (field === 'contentBase64') return MAX_ATTACHMENT_CHARS;
  if (SHORT_TEXT_FIELDS.has(field)) return MAX_SHORT_TEXT_CHARS;
  if (NOTE_FIELDS.has(field)) return MAX_NOTE_CHARS;
  return MAX_TEXT_CHARS;
}

/** The first text over its cap, walking objects and arrays (a field's cap is its own key's). */
function textProblem(value: unknown, field: string, depth: number): SizeProblem | null {
  if (typeof value === 'string') {
    const max = textCap(field);
    return value.length > max ? { kind: 'text', field, length: value.length, max } : null;
  }
  if (depth > 16 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = textProblem(item, field, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(item, key, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Why the values a mutation carries are too large for their collection (null: within the limits). */
export function recordSizeProblem(
  collection: CollectionName,
  values: Record<string, unknown> | undefined,
): SizeProblem | null {
  if (!values) return null;
  const length = JSON.stringify(values).length;
  const max = MAX_RECORD_CHARS[collection];
  if (length > max) return { kind: 'record', length, max };
  for (const [key, value] of Object.entries(values)) {
    const problem = textProblem(value, key, 0);
    if (problem) return problem;
  }
  return null;
}

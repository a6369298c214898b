import { occurrenceSlot, occurrenceSubstitutionId } from '../absences/occurrence-teacher';
import type { LastContacts } from '../attendance/trust';
import type { CollectionName } from '../store/collections';
import type { Slot } from '../store/schema';
import { deepEqual, type RecordData } from './record';
import type { AccessLookup } from './lookup';
import type { UserViewer } from './viewer';

/** Short kebab-case codes, reported in the push answer. */
export type WriteRefusal = string;

export type WriteDecision = { ok: true } | { ok: false; reason: WriteRefusal };

export const ALLOWED: WriteDecision = { ok: true };

export function refuse(reason: WriteRefusal): WriteDecision {
  return { ok: false, reason };
}

export interface WriteRequest {
  collection: CollectionName;
  recordId: string;
  /** The server's current record; null when absent or deleted. */
  before: RecordData | null;
  /** The record once the mutation is merged; null for a delete. */
  after: RecordData | null;
}

export type WriteOp =
  | { op: 'create'; before: null; after: RecordData }
  | { op: 'update'; before: RecordData; after: RecordData }
  | { op: 'delete'; before: RecordData; after: null };

/** A write this batch has already applied (journal entries must describe one of them). */
export interface BatchWrite {
  before: RecordData | null;
  after: RecordData | null;
}

/**
 * What some rules need beyond the two records and the lookup; the server supplies it (the UI, deciding for
 * itself, leaves it out and those checks are skipped or made from its own data).
 */
export interface WriteEnv {
  /** Server time: a kiosk's PIN cooldown is bounded from it. */
  now?: Date;
  /** Every user of the organisation as the transaction sees it (last administrator, unique e-mail). */
  users?: readonly RecordData[];
  /** Writes this batch applied before this one, keyed `collection/id`. */
  batch?: ReadonlyMap<string, BatchWrite>;
  /** The server's own hashes of the initial passwords: the only hash a user creation may carry. */
  initialPasswordHashes?: ReadonlySet<string>;
  /** PUT /api/store by settings.donnees (backup restore, v1 import): the whole store, hashes included. */
  restore?: boolean;
  /** When the pushing session and device last talked to the server (trusted time's contact rule). */
  contacts?: LastContacts;
}

/** One write by a signed-in user, with what a rule needs to decide. */
export type UserWrite = WriteOp & {
  env: WriteEnv;
  viewer: UserViewer;
  /** The modules the session acts with (PIN mode: teacher.today only). */
  modules: ReadonlySet<string>;
  collection: CollectionName;
  recordId: string;
  /** Fields whose value differs between before and after (every set field for a creation). */
  changed: readonly string[];
  lookup: AccessLookup;
};

/** Null and absent are the same value here: the forms write null where an older copy had nothing. */
function sameValue(a: unknown, b: unknown): boolean {
  return (a === null || a === undefined) && (b === null || b === undefined) ? true : deepEqual(a, b);
}

export function changedFields(before: RecordData | null, after: RecordData | null): string[] {
  const b = before ?? {};
  const a = after ?? {};
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  return [...keys].filter((key) => !sameValue(b[key], a[key])).sort();
}

export function onlyChanged(write: Pick<UserWrite, 'changed'>, allowed: readonly string[]): boolean {
  return write.changed.every((field) => allowed.includes(field));
}

export function anyChanged(write: Pick<UserWrite, 'changed'>, fields: readonly string[]): boolean {
  return write.changed.some((field) => fields.includes(field));
}

export function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The slot a log, notification or request points at (timetableId + slotIndex), on the server's data. */
export function slotOf(lookup: AccessLookup, record: RecordData): Slot | null {
  const timetableId = textOf(record.timetableId);
  const slotIndex = record.slotIndex;
  if (!timetableId || typeof slotIndex !== 'number') return null;
  return lookup.timetable(timetableId)?.slots[slotIndex] ?? null;
}

/**
 * The slot of a check log or check notification as its occurrence is given (issue 35): under a substitution,
 * its teacher is the substitute (or it is cancelled when nobody was found). Without the lookup's
 * substitutions (the UI deciding for itself), the slot.
 */
export function occurrenceSlotOf(lookup: AccessLookup, record: RecordData): Slot | null {
  const slot = slotOf(lookup, record);
  if (!slot || !lookup.substitution) return slot;
  const timetableId = textOf(record.timetableId);
  const id = timetableId ? occurrenceSubstitutionId(lookup.timetable(timetableId), record) : null;
  return occurrenceSlot(slot, id ? lookup.substitution(id) : null);
}

/**
 * Copies of two codes, so that these predicates do not pull the date library into every bundle that uses
 * them (login bundle budget, scripts/check-budgets.mjs): domain/attendance/auto-checkout autoCheckoutId('') and
 * domain/reschedule/requests RESCHEDULE_PROPOSAL_NOTE. tests/unit/access-write.test.ts checks they agree.
 */
export const AUTO_ID_PREFIX = 'auto-';
export const PROPOSAL_NOTE = 'reschedule-proposal';

/**
 * An automatic check-out (domain/attendance/auto-checkout) or its notification: deterministic id
 * `auto-<check-in id>`, no actor. Every device that holds the check-in writes it, kiosks included.
 */
export function isAutoCheckout(record: RecordData): boolean {
  const id = textOf(record.id);
  if (!id?.startsWith(AUTO_ID_PREFIX)) return false;
  if ('kind' in record) return record.kind === 'checkout';
  return record.action === 'planning-checkout' && (record.actorUserId ?? null) === null;
}

export function isCheckAction(record: RecordData): boolean {
  return record.action === 'planning-checkin' || record.action === 'planning-checkout';
}

export function isCheckNotification(record: RecordData): boolean {
  return record.kind === 'checkin' || record.kind === 'checkout';
}

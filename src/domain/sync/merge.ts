import { APPEND_ONLY_COLLECTIONS, type CollectionName } from '../store/collections';
import type { Mutation, RejectReason } from './protocol';

/**
 * Pure merge rules of the sync, shared by the server (applying pushed mutations) and the client
 * (re-applying its unsent edits over records pulled from the server). No clock, no storage.
 *
 * Rules, in the order they are checked:
 * 1. A field the device did not list in `changedFields` is never touched: it keeps the server's value.
 * 2. A field whose last server change the device had seen (stamp revision <= the mutation's base revision,
 *    or written by the same device) takes the device's value: the edit is causally newer.
 * 3. Two concurrent edits of one field (neither device saw the other's): the one made later by its device
 *    clock wins (`createdAt`, ties by mutation id). Whatever the arrival order, the same value wins. The
 *    losing value is returned as a conflict, which the server stores (GET /api/conflicts).
 * 4. Arrays of objects with ids (timetable slots, contract entries, attachments) merge element by element and
 *    field by field, with the record as it was at the base revision as the common ancestor: two devices
 *    changing different slots, or both adding one, keep both changes. New elements go to the end so that the
 *    positions other records refer to (slotIndex) do not move.
 * 5. A delete loses against a concurrent edit (the record survives, the refused delete is a conflict); a
 *    put on a deleted record brings it back. An edit is never silently lost.
 * 6. Planning logs, user logs and notifications are append-only: never deleted, a written field never
 *    changes, except a notification's `read`, which only goes from false to true.
 */

export type RecordData = Record<string, unknown>;

export interface FieldStamp {
  /** Organisation revision that wrote the field. */
  rev: number;
  /** Device clock of the writing mutation. */
  at: string;
  /** Device (client id) that wrote it. */
  by: string;
  mid: string;
}

export interface ServerRecord {
  collection: CollectionName;
  id: string;
  rev: number;
  deleted: boolean;
  data: RecordData;
  stamps: Record<string, FieldStamp>;
}

export type ConflictReason = 'concurrent-edit' | 'append-only' | 'delete-refused';

export interface FieldConflict {
  field: string;
  reason: ConflictReason;
  keptValue: unknown;
  lostValue: unknown;
  keptMutationId: string | null;
  lostMutationId: string;
}

export type ApplyOutcome =
  | { status: 'applied' | 'merged'; record: ServerRecord; conflicts: FieldConflict[] }
  | { status: 'unchanged'; conflicts: FieldConflict[] }
  | { status: 'rejected'; reason: RejectReason; conflicts: FieldConflict[] };

/** Array fields merged element by element (rule 4). */
export const ID_ARRAY_FIELDS: Readonly<Partial<Record<CollectionName, readonly string[]>>> = {
  timetables: ['slots'],
  contracts: ['entries'],
  teacherContractSubmissions: ['attachments'],
};

export function isIdArrayField(collection: CollectionName, field: string): boolean {
  return ID_ARRAY_FIELDS[collection]?.includes(field) ?? false;
}

/** Structural equality of JSON values; object key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const ao = a as RecordData;
  const bo = b as RecordData;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!deepEqual(ao[k], bo[k])) return false;
  return true;
}

function isPlainObject(value: unknown): value is RecordData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Gives every element of an id-array an id. Elements without one get `<recordId>.<position>`, the same on
 * every device and on the server, so a device that does not keep ids still matches the stored elements.
 */
export function assignElementIds(recordId: string, items: readonly unknown[]): RecordData[] {
  const taken = new Set<string>();
  for (const item of items) {
    if (isPlainObject(item) && typeof item.id === 'string' && item.id !== '') taken.add(item.id);
  }
  return items.map((item, index) => {
    const element: RecordData = isPlainObject(item) ? item : { value: item };
    if (typeof element.id === 'string' && element.id !== '') return element;
    let id = `${recordId}.${index}`;
    for (let n = 1; taken.has(id); n += 1) id = `${recordId}.${index}-${n}`;
    taken.add(id);
    return { ...element, id };
  });
}

function indexById(items: readonly RecordData[]): Map<string, RecordData> {
  const map = new Map<string, RecordData>();
  for (const item of items) {
    const id = item.id as string;
    if (!map.has(id)) map.set(id, item);
  }
  return map;
}

export interface ArrayMerge {
  value: RecordData[];
  /** Element fields both sides changed differently: `[id].field`, with the value kept and the one lost. */
  conflicts: { path: string; kept: unknown; lost: unknown }[];
}

function mergeElement(
  base: RecordData,
  incoming: RecordData,
  current: RecordData,
  incomingWins: boolean,
  conflicts: ArrayMerge['conflicts'],
  id: string,
): RecordData {
  const out: RecordData = {};
  const keys = new Set([...Object.keys(current), ...Object.keys(incoming), ...Object.keys(base)]);
  for (const key of keys) {
    const b = base[key];
    const i = incoming[key];
    const c = current[key];
    let value: unknown;
    if (deepEqual(i, b)) value = c;
    else if (deepEqual(c, b) || deepEqual(c, i)) value = i;
    else {
      value = incomingWins ? i : c;
      conflicts.push({ path: `[${id}].${key}`, kept: value, lost: incomingWins ? c : i });
    }
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * Three-way merge of id-arrays (rule 4). `incomingWins` settles an element field both sides changed.
 * Order: the current elements in their current order, then the incoming additions in their order.
 */
export function mergeIdArrays(
  baseItems: readonly RecordData[],
  incomingItems: readonly RecordData[],
  currentItems: readonly RecordData[],
  incomingWins: boolean,
): ArrayMerge {
  const base = indexById(baseItems);
  const incoming = indexById(incomingItems);
  const current = indexById(currentItems);
  const conflicts: ArrayMerge['conflicts'] = [];
  const value: RecordData[] = [];
  for (const [id, c] of current) {
    const b = base.get(id);
    const i = incoming.get(id);
    if (i === undefined) {
      // Removed by the device: honoured only if nobody changed the element meanwhile (rule 5).
      if (b !== undefined && deepEqual(c, b)) continue;
      if (b !== undefined) conflicts.push({ path: `[${id}]`, kept: c, lost: null });
      value.push(c);
    } else {
      value.push(mergeElement(b ?? {}, i, c, incomingWins, conflicts, id));
    }
  }
  for (const [id, i] of incoming) {
    if (current.has(id)) continue;
    const b = base.get(id);
    // Removed on the server: the device's copy comes back only if the device changed it (rule 5).
    if (b !== undefined && deepEqual(i, b)) continue;
    if (b !== undefined) conflicts.push({ path: `[${id}]`, kept: i, lost: null });
    value.push(i);
  }
  return { value, conflicts };
}

function stampOf(mutation: Mutation, clientId: string, revision: number): FieldStamp {
  return { rev: revision, at: mutation.createdAt, by: clientId, mid: mutation.mutationId };
}

/** Rule 3: the later device clock wins, ties broken by mutation id, so every order gives the same winner. */
/**
 * Rule 3 decides concurrent edits by the devices' clocks; a clock set in the future (or an unreadable date)
 * would win every later edit. The server dates such a mutation at its own receipt (`receivedAt`, ISO) before
 * merging: a `createdAt` after it is clamped to it.
 */
export function clampCreatedAt<M extends Pick<Mutation, 'createdAt'>>(mutation: M, receivedAt: string): M {
  const at = Date.parse(mutation.createdAt);
  if (Number.isFinite(at) && at <= Date.parse(receivedAt)) return mutation;
  return { ...mutation, createdAt: receivedAt };
}

export function isLaterThan(
  mutation: Pick<Mutation, 'createdAt' | 'mutationId'>,
  stamp: FieldStamp,
): boolean {
  if (mutation.createdAt !== stamp.at) return mutation.createdAt > stamp.at;
  return mutation.mutationId > stamp.mid;
}

function isConcurrent(stamp: FieldStamp | undefined, base: number, clientId: string): boolean {
  return stamp !== undefined && stamp.rev > base && stamp.by !== clientId;
}

/** The value a mutation gives to a field: listed but absent from `values` means "removed". */
function incomingValue(mutation: Mutation, field: string): unknown {
  const values = mutation.values ?? {};
  return Object.prototype.hasOwnProperty.call(values, field) ? values[field] : undefined;
}

function setField(data: RecordData, field: string, value: unknown): void {
  if (value === undefined) delete data[field];
  else data[field] = value;
}

function normaliseArrayValue(collection: CollectionName, recordId: string, field: string, value: unknown) {
  return isIdArrayField(collection, field) && Array.isArray(value)
    ? assignElementIds(recordId, value)
    : value;
}

/** Fields a put touches: `id` is the key and never changes. */
function touchedFields(mutation: Mutation): string[] {
  return [...new Set(mutation.changedFields)].filter((f) => f !== 'id');
}

export interface ApplyInput {
  /** The server's record, tombstone included, or null when the id was never written. */
  current: ServerRecord | null;
  /** The record's data as of the mutation's base revision (only needed for id-arrays changed since). */
  base: RecordData | null;
  mutation: Mutation;
  clientId: string;
  /** Revision this batch will have. */
  revision: number;
}

/** Whether applying the mutation needs the record at its base revision (rule 4). */
export function needsBase(current: ServerRecord | null, mutation: Mutation): boolean {
  if (!current || current.deleted || mutation.op !== 'put') return false;
  const base = mutation.baseRevision ?? 0;
  return touchedFields(mutation).some((f) => {
    const stamp = current.stamps[f];
    const hasOwnBase = Array.isArray(mutation.baseValues?.[f]);
    return isIdArrayField(current.collection, f) && !hasOwnBase && stamp !== undefined && stamp.rev > base;
  });
}

/** Applies one mutation to the server's record under rules 1-6. */
export function applyMutation({ current, base, mutation, clientId, revision }: ApplyInput): ApplyOutcome {
  const { collection, recordId } = mutation;
  const appendOnly = APPEND_ONLY_COLLECTIONS.has(collection);
  const baseRevision = mutation.baseRevision ?? 0;
  const conflicts: FieldConflict[] = [];

  if (mutation.op === 'delete') {
    if (!current || current.deleted) return { status: 'unchanged', conflicts };
    if (appendOnly) return { status: 'rejected', reason: 'append-only', conflicts };
    const editedMeanwhile = Object.values(current.stamps).some((s) =>
      isConcurrent(s, baseRevision, clientId),
    );
    if (editedMeanwhile) {
      conflicts.push({
        field: '*',
        reason: 'delete-refused',
        keptValue: current.data,
        lostValue: null,
        keptMutationId: null,
        lostMutationId: mutation.mutationId,
      });
      return { status: 'rejected', reason: 'edited-concurrently', conflicts };
    }
    return {
      status: 'applied',
      record: { ...current, rev: revision, deleted: true },
      conflicts,
    };
  }

  const stamp = stampOf(mutation, clientId, revision);
  const fields = touchedFields(mutation);

  if (!current || current.deleted) {
    // Creation, or a put on a deleted record, which brings it back (rule 5) with the device's fields on top.
    const data: RecordData = current ? { ...current.data } : {};
    const stamps = current ? { ...current.stamps } : {};
    for (const f of fields) {
      setField(data, f, normaliseArrayValue(collection, recordId, f, incomingValue(mutation, f)));
      stamps[f] = stamp;
    }
    data.id = recordId;
    return {
      status: 'applied',
      record: { collection, id: recordId, rev: revision, deleted: false, data, stamps },
      conflicts,
    };
  }

  const data: RecordData = { ...current.data };
  const stamps = { ...current.stamps };
  let changed = false;
  let merged = false;
  for (const f of fields) {
    const cur = data[f];
    const next = normaliseArrayValue(collection, recordId, f, incomingValue(mutation, f));
    if (deepEqual(next, cur)) continue;
    const previous = stamps[f];

    if (appendOnly) {
      let value: unknown;
      if (collection === 'notifications' && f === 'read') value = cur === true || next === true;
      else if (cur === undefined) value = next;
      else {
        conflicts.push({
          field: f,
          reason: 'append-only',
          keptValue: cur,
          lostValue: next,
          keptMutationId: previous?.mid ?? null,
          lostMutationId: mutation.mutationId,
        });
        merged = true;
        continue;
      }
      if (deepEqual(value, cur)) continue;
      setField(data, f, value);
      stamps[f] = stamp;
      changed = true;
      if (!deepEqual(value, next)) merged = true;
      continue;
    }

    // An id-array changed since the device's base merges with that base even when this device wrote last:
    // its stamp covers the whole array, which may hold another device's elements merged in meanwhile.
    if (
      previous !== undefined &&
      previous.rev > baseRevision &&
      isIdArrayField(collection, f) &&
      Array.isArray(cur) &&
      Array.isArray(next)
    ) {
      const incomingWins = isLaterThan(mutation, previous);
      const ancestor = Array.isArray(mutation.baseValues?.[f]) ? mutation.baseValues[f] : base?.[f];
      const baseItems = Array.isArray(ancestor) ? assignElementIds(recordId, ancestor) : [];
      const result = mergeIdArrays(baseItems, next as RecordData[], cur as RecordData[], incomingWins);
      for (const c of result.conflicts) {
        conflicts.push({
          field: `${f}${c.path}`,
          reason: 'concurrent-edit',
          keptValue: c.kept,
          lostValue: c.lost,
          keptMutationId: incomingWins ? mutation.mutationId : previous.mid,
          lostMutationId: incomingWins ? previous.mid : mutation.mutationId,
        });
      }
      if (!deepEqual(result.value, next)) merged = true;
      if (deepEqual(result.value, cur)) continue;
      setField(data, f, result.value);
      stamps[f] = incomingWins ? stamp : { ...previous, rev: revision };
      changed = true;
      continue;
    }
    const concurrent = isConcurrent(previous, baseRevision, clientId);
    if (!concurrent || previous === undefined) {
      setField(data, f, next);
      stamps[f] = stamp;
      changed = true;
      continue;
    }
    const incomingWins = isLaterThan(mutation, previous);
    conflicts.push({
      field: f,
      reason: 'concurrent-edit',
      keptValue: incomingWins ? next : cur,
      lostValue: incomingWins ? cur : next,
      keptMutationId: incomingWins ? mutation.mutationId : previous.mid,
      lostMutationId: incomingWins ? previous.mid : mutation.mutationId,
    });
    if (!incomingWins) {
      merged = true;
      continue;
    }
    setField(data, f, next);
    stamps[f] = stamp;
    changed = true;
  }
  if (!changed) return { status: 'unchanged', conflicts };
  return {
    status: merged ? 'merged' : 'applied',
    record: { ...current, rev: revision, data, stamps },
    conflicts,
  };
}

/** A pending local mutation: the wire mutation plus, for id-arrays, the values it replaced (never sent). */
export interface PendingMutation {
  collection: CollectionName;
  recordId: string;
  op: 'put' | 'delete';
  changedFields: string[];
  values?: Record<string, unknown>;
  baseValues?: Record<string, unknown>;
}

/**
 * Client side: re-applies an unsent local edit over a record just received from the server, so a pull never
 * hides the device's own pending changes. Id-arrays merge with the pulled version (rule 4), the device's
 * edit winning for now; the server's merge has the last word when the mutation is pushed.
 */
export function overlayPending(record: RecordData | null, pending: PendingMutation): RecordData | null {
  if (pending.op === 'delete') return null;
  const next: RecordData = { ...(record ?? {}), id: pending.recordId };
  for (const f of pending.changedFields) {
    if (f === 'id') continue;
    const values = pending.values ?? {};
    const value = Object.prototype.hasOwnProperty.call(values, f) ? values[f] : undefined;
    const remote = next[f];
    const baseValue = pending.baseValues?.[f];
    if (isIdArrayField(pending.collection, f) && Array.isArray(value) && Array.isArray(remote)) {
      const ids = (items: unknown[]) => assignElementIds(pending.recordId, items);
      const baseItems = Array.isArray(baseValue) ? ids(baseValue) : [];
      setField(next, f, mergeIdArrays(baseItems, ids(value), ids(remote), true).value);
    } else {
      setField(next, f, value);
    }
  }
  return next;
}

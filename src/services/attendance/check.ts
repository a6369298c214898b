import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { recordCheck, type CheckKind } from '../../domain/attendance/check-actions';
import type { CheckInRefusal, CheckOutRefusal } from '../../domain/attendance/status';
import type { Actor, GeoPosition } from '../../domain/planning/planning-log';
import type { PlanningLog, Timetable } from '../../domain/store/schema';
import { occurrenceKey, occurrenceSlot, slotKey } from '../../domain/absences/occurrence-teacher';
import { toIsoDate, type InstantLike } from '../../domain/time/instant';
import { pinProofFor } from '../../session/pin-proof';
import { serverClock } from '../../sync/server-clock';
import { captureCheckPosition } from './geolocation';

export type CheckRefusal = CheckInRefusal | CheckOutRefusal;

export interface CheckRequest {
  timetableId: string;
  slotIndex: number;
  actor: Actor;
  /** The occurrence date 'YYYY-MM-DD'; today (UTC) by default. */
  date?: string;
  /** Undefined: asked from the device now. Null: proceed without position. */
  position?: GeoPosition | null;
  /**
   * The clock, read after the position arrives (the time-out may take 10 s). By default the server's time as
   * the device estimates it (src/sync/server-clock.ts), the device clock kept beside it.
   */
  now?: () => InstantLike;
}

export type CheckResult = { ok: true; log: PlanningLog } | { ok: false; code: CheckRefusal };

/** Taps in flight per slot, day and kind: a second tap shares the first one's result (no second write). */
const inFlight = new Map<string, Promise<CheckResult>>();

async function substitutionOf(
  db: AppDatabase,
  timetableId: string,
  slotIndex: number,
  date: string,
): Promise<{ id: string; substituteUserId: string | null } | null> {
  const slot = (await db.timetables.get(timetableId))?.slots[slotIndex];
  if (!slot) return null;
  const id = occurrenceKey({ timetableId, slotKey: slotKey(slot, slotIndex), date });
  return (await db.substitutions.get(id)) ?? null;
}

/** The timetable with the occurrence's slot as it is given (domain/absences/occurrence-teacher). */
function occurrenceTimetable(
  timetable: Timetable,
  slotIndex: number,
  substitution: { id: string; substituteUserId: string | null } | null,
): Timetable {
  const slot = timetable.slots[slotIndex];
  if (!slot || !substitution) return timetable;
  const slots = timetable.slots.slice();
  slots[slotIndex] = occurrenceSlot(slot, substitution);
  return { ...timetable, slots };
}

function newId(): string {
  return globalThis.crypto.randomUUID();
}

async function writeCheck(db: AppDatabase, kind: CheckKind, request: CheckRequest): Promise<CheckResult> {
  const position = request.position === undefined ? await captureCheckPosition() : request.position;
  const readings = request.now ? { now: request.now(), deviceNow: undefined } : serverClock.readings();
  const { now, deviceNow } = readings;
  const date = request.date ?? toIsoDate(now);
  const logId = newId();
  // Issue 35: under a substitution the substitute checks in (her name on the log), the absent teacher not.
  const substitution = await substitutionOf(db, request.timetableId, request.slotIndex, date);
  // The gate is evaluated again inside the transaction, on the logs stored at that moment: two devices or two
  // tabs racing each other are serialised by IndexedDB, and the second sees the first's check-in.
  return writeBatch(db, async (w): Promise<CheckResult> => {
    const stored = await w.get('timetables', request.timetableId);
    if (!stored) return { ok: false, code: 'slot-not-found' };
    const timetable = occurrenceTimetable(stored, request.slotIndex, substitution);
    const logs = await db.planningLogs.where('timetableId').equals(timetable.id).toArray();
    const result = recordCheck({
      kind,
      timetable,
      slotIndex: request.slotIndex,
      date,
      logs,
      now,
      ...(deviceNow ? { deviceNow } : {}),
      actor: request.actor,
      position,
      logId,
      notificationId: logId,
    });
    if (!result.ok) return result;
    // A kiosk's PIN session: the server's proof of the PIN travels with the log (removed by the server before
    // it stores it); without one the server keeps the check as « borne hors ligne », to review.
    const proof = request.actor.userId ? pinProofFor(request.actor.userId) : null;
    const log = proof ? { ...result.value.log, pinProof: proof } : result.value.log;
    // spec part 2 point 4: the log and its unread notification are written together or not at all.
    await w.put('planningLogs', log);
    await w.put('notifications', result.value.notification);
    return { ok: true, log: result.value.log };
  });
}

function guarded(db: AppDatabase, kind: CheckKind, request: CheckRequest): Promise<CheckResult> {
  const key = [db.name, kind, request.timetableId, request.slotIndex, request.date ?? ''].join('\u0000');
  const running = inFlight.get(key);
  if (running) return running;
  const promise = writeCheck(db, kind, request).finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

/** Arrivée (spec part 2 point 4): position, then the log and its notification in one transaction. */
export function checkIn(db: AppDatabase, request: CheckRequest): Promise<CheckResult> {
  return guarded(db, 'checkin', request);
}

/** Départ (spec part 2 point 4): only while in progress; same writes as checkIn. */
export function checkOut(db: AppDatabase, request: CheckRequest): Promise<CheckResult> {
  return guarded(db, 'checkout', request);
}

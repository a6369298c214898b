import type { AppDatabase } from '../../db/database';
import { writeBatch } from '../../db/repository';
import { conflictsOfSlot, type TeacherConflict } from '../../domain/planning/conflicts';
import type { Actor } from '../../domain/planning/planning-log';
import {
  createRescheduleRequest,
  editRescheduleProposal,
  validateRescheduleRequest,
  type CreateRequestResult,
  type EditProposalResult,
  type Proposal,
  type ValidateRequestResult,
} from '../../domain/reschedule/requests';
import type { RescheduleRequest, Timetable } from '../../domain/store/schema';
import type { InstantLike } from '../../domain/time/instant';

function newId(): string {
  return globalThis.crypto.randomUUID();
}

type CreateCode = Extract<CreateRequestResult, { ok: false }>['code'];

export type RequestRescheduleResult =
  { ok: true; value: RescheduleRequest } | { ok: false; code: CreateCode | 'timetable-not-found' };

export interface RequestRescheduleInput extends Proposal {
  timetableId: string;
  slotIndex: number;
  /** The occurrence the teacher opened ('YYYY-MM-DD'). */
  occurrenceDate?: string;
  reason: string;
  actor: Actor;
  now: InstantLike;
}

/**
 * "Demande de reprogrammation" (spec part 2 point 4): one transaction writes the pending request and its
 * proposal log; the course stays planned until validated (issue 33). The started and 24-hour rules are
 * checked against the stored slot, so a stale dialog cannot bypass them.
 */
export async function requestReschedule(
  db: AppDatabase,
  input: RequestRescheduleInput,
): Promise<RequestRescheduleResult> {
  return writeBatch(db, async (w) => {
    const timetable = await w.get('timetables', input.timetableId);
    if (!timetable) return { ok: false, code: 'timetable-not-found' } as const;
    const created = createRescheduleRequest({
      ...input,
      timetable,
      ids: { requestId: newId(), proposalLogId: newId() },
      existing: await db.rescheduleRequests
        .filter((r) => r.timetableId === input.timetableId && r.slotIndex === input.slotIndex)
        .toArray(),
    });
    if (!created.ok) return created;
    await w.put('rescheduleRequests', created.value.request);
    await w.put('planningLogs', created.value.log);
    return { ok: true, value: created.value.request } as const;
  });
}

type EditCode = Extract<EditProposalResult, { ok: false }>['code'];

/** "Modifier la proposition": new date and times of a pending request. */
export async function editReschedule(
  db: AppDatabase,
  requestId: string,
  proposal: Proposal,
): Promise<{ ok: true; value: RescheduleRequest } | { ok: false; code: EditCode | 'request-not-found' }> {
  return writeBatch(db, async (w) => {
    const request = await w.get('rescheduleRequests', requestId);
    if (!request) return { ok: false, code: 'request-not-found' } as const;
    const edited = editRescheduleProposal(request, proposal);
    if (!edited.ok) return edited;
    await w.put('rescheduleRequests', edited.value);
    return edited;
  });
}

type ValidateCode = Extract<ValidateRequestResult, { ok: false }>['code'];

export type ValidateRescheduleResult =
  | { ok: true; value: { request: RescheduleRequest; conflicts: TeacherConflict[] } }
  | { ok: false; code: ValidateCode | 'request-not-found' }
  /** Nothing was written: the moved slot overlaps another course of the teacher; ask, then retry. */
  | { ok: false; code: 'conflict'; conflicts: TeacherConflict[] };

export interface ValidateRescheduleInput {
  requestId: string;
  proposal?: Proposal;
  approver: Actor;
  now: InstantLike;
  /** Set after the user confirmed "Cet enseignant est déjà planifié sur un autre cours au même moment." */
  allowConflicts?: boolean;
}

function withUpdated(all: readonly Timetable[], updated: readonly Timetable[]): Timetable[] {
  const byId = new Map(all.map((t) => [t.id, t]));
  for (const t of updated) byId.set(t.id, t);
  return [...byId.values()];
}

/**
 * Valider (spec part 2 point 4): approves the request with approver and time and moves the slot, in place
 * within the period or into the same class's timetable of the target week or month (created if missing).
 * spec part 2 point 5: a move into a teacher conflict needs confirmation, so without `allowConflicts` a
 * conflicting validation writes nothing and returns the conflicts.
 */
export async function validateReschedule(
  db: AppDatabase,
  input: ValidateRescheduleInput,
): Promise<ValidateRescheduleResult> {
  return writeBatch(db, async (w) => {
    const request = await w.get('rescheduleRequests', input.requestId);
    if (!request) return { ok: false, code: 'request-not-found' } as const;
    const timetables = await db.timetables.toArray();
    const validated = validateRescheduleRequest({
      request,
      timetables,
      proposal: input.proposal,
      approver: input.approver,
      now: input.now,
      ids: { logId: newId(), cancelLogId: newId(), newTimetableId: newId(), newSlotId: newId() },
    });
    if (!validated.ok) return validated;
    const { target } = validated.value;
    // Issue 35: each date's course as it is given, a substitute's included (domain/planning/conflicts).
    const substitutions = await db.substitutions.toArray();
    const conflicts = conflictsOfSlot(
      withUpdated(timetables, validated.value.timetables),
      { timetableId: target.timetableId, slotIndex: target.slotIndex },
      substitutions,
    );
    if (conflicts.length > 0 && !input.allowConflicts)
      return { ok: false, code: 'conflict', conflicts } as const;
    await w.put('rescheduleRequests', validated.value.request);
    for (const timetable of validated.value.timetables) await w.put('timetables', timetable);
    for (const log of validated.value.logs) await w.put('planningLogs', log);
    return { ok: true, value: { request: validated.value.request, conflicts } } as const;
  });
}

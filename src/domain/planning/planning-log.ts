import type { DeliveryMode, PlanningLog, PlanningLogAction, Slot, Timetable } from '../store/schema';
import { toIsoInstant, type InstantLike } from '../time/instant';

/** Who performs an action; automatic actions use the actor name 'AUTO' (spec part 2 point 3). */
export interface Actor {
  userId: string | null;
  userName: string | null;
}

// A type alias, not an interface: the store's loose objects need an implicit index signature.
export type SlotTimeRange = {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
};

/** Position captured at check-in/out (spec part 2 point 5). */
export interface GeoPosition {
  latitude: number;
  longitude: number;
  accuracy: number | null;
}

export function slotTimeRange(slot: Pick<Slot, 'dayOfWeek' | 'startTime' | 'endTime'>): SlotTimeRange {
  return { dayOfWeek: slot.dayOfWeek, startTime: slot.startTime, endTime: slot.endTime };
}

export interface PlanningLogInput {
  id: string;
  action: PlanningLogAction;
  timetable: Pick<Timetable, 'id' | 'classId'>;
  slotIndex: number;
  slot: Pick<Slot, 'moduleId' | 'teacherUserId'>;
  actor: Actor;
  now: InstantLike;
  before?: SlotTimeRange | null;
  after?: SlotTimeRange | null;
  modeBefore?: DeliveryMode | null;
  modeAfter?: DeliveryMode | null;
  note?: string | null;
  position?: GeoPosition | null;
}

/** A planning log entry with the slot's context copied in, so the journal reads without the timetable. */
export function buildPlanningLog(input: PlanningLogInput): PlanningLog {
  return {
    id: input.id,
    timestamp: toIsoInstant(input.now),
    action: input.action,
    actorUserId: input.actor.userId,
    actorUserName: input.actor.userName,
    timetableId: input.timetable.id,
    classId: input.timetable.classId,
    moduleId: input.slot.moduleId,
    teacherUserId: input.slot.teacherUserId,
    slotIndex: input.slotIndex,
    before: input.before ?? null,
    after: input.after ?? null,
    modeBefore: input.modeBefore ?? null,
    modeAfter: input.modeAfter ?? null,
    note: input.note ?? null,
    latitude: input.position?.latitude ?? null,
    longitude: input.position?.longitude ?? null,
    accuracy: input.position?.accuracy ?? null,
  };
}

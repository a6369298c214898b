import { checkInGate, checkOutGate, type AttendanceStatus } from '../../domain/attendance/status';
import type { SlotDisplayItem } from '../../domain/planning/slot-display';
import type { PlanningLog, Timetable } from '../../domain/store/schema';

export interface CheckAvailability {
  canCheckIn: boolean;
  canCheckOut: boolean;
  status: AttendanceStatus | null;
}

/** spec part 2 point 4: which of Arrivée and Départ the item allows now. */
export function checkAvailability(
  item: SlotDisplayItem,
  timetables: ReadonlyMap<string, Timetable>,
  logs: readonly PlanningLog[],
  now: Date,
): CheckAvailability {
  const timetable = timetables.get(item.timetableId);
  if (!timetable) return { canCheckIn: false, canCheckOut: false, status: item.status };
  const input = { timetable, slotIndex: item.slotIndex, date: item.date, logs, now };
  return {
    canCheckIn: checkInGate(input).ok,
    canCheckOut: checkOutGate(input).ok,
    status: item.status,
  };
}

import { slotAttendance, type AttendanceStatus } from '../attendance/status';
import type { DeliveryMode, PlanningLog } from '../store/schema';
import type { InstantLike } from '../time/instant';
import { legendColors } from './legend-colors';
import { compareNames } from './name-list';
import type { SlotOccurrence } from './occurrences';

/**
 * What the shared timetable renderings (src/ui/timetable) draw for one dated slot: names already resolved,
 * status already derived, colour already chosen. Title and subtitle are the derived display fields of
 * spec part 2 point 3.
 */
export interface SlotDisplayItem {
  /** Unique per occurrence: a month timetable's slot appears once per week. */
  key: string;
  timetableId: string;
  slotIndex: number;
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  title: string;
  subtitle: string;
  /** The room of the slot, when the imported file gave one. */
  room?: string;
  moduleName: string;
  className: string;
  teacherName: string;
  moduleId: string;
  teacherUserId: string;
  classId: string;
  /** Null for canceled slots: they have no attendance. */
  status: AttendanceStatus | null;
  canceled: boolean;
  deliveryMode: DeliveryMode;
  color: string;
  /** Issue 35: given as a substitute ("Remplacement"), or replaced ("Remplacé par …"), with the other's name. */
  substitution?: { kind: 'substitute' | 'replaced'; otherName: string };
}

export type ColorBy = 'module' | 'teacher';

/** The key of a dated slot's display item (SlotDisplayItem.key): unique per occurrence. */
export function displayItemKey(o: { timetable: { id: string }; slotIndex: number; date: string }): string {
  return `${o.timetable.id}:${o.slotIndex}:${o.date}`;
}

/** "L1 Info · Diallo", and its room when known: "L1 Info · Diallo · B12". */
export function slotSubtitle(className: string, teacherName: string, room?: string): string {
  const parts = [className, teacherName];
  if (room !== undefined && room.trim() !== '') parts.push(room.trim());
  return parts.join(' · ');
}

export interface DisplayNames {
  classes: ReadonlyMap<string, string>;
  modules: ReadonlyMap<string, string>;
  teachers: ReadonlyMap<string, string>;
  /** Shown for a reference that no longer exists. */
  unknown: string;
  /** Shown for a course without a teacher yet ("À affecter", issue 30 item 5). */
  unassigned?: string;
}

export interface LegendEntry {
  key: string;
  label: string;
  color: string;
}

/** The display items of some occurrences, coloured by module or teacher, and the legend of those colours. */
export function buildSlotDisplayItems(input: {
  occurrences: readonly SlotOccurrence[];
  names: DisplayNames;
  logs: readonly PlanningLog[];
  now: InstantLike;
  colorBy: ColorBy;
}): { items: SlotDisplayItem[]; legend: LegendEntry[] } {
  const { names } = input;
  const colorKey = (o: SlotOccurrence) =>
    input.colorBy === 'module' ? o.slot.moduleId : o.slot.teacherUserId;
  const colors = legendColors(input.occurrences.map(colorKey));
  const items = input.occurrences.map((o): SlotDisplayItem => {
    const moduleName = names.modules.get(o.slot.moduleId) ?? names.unknown;
    const className = names.classes.get(o.timetable.classId) ?? names.unknown;
    const teacherName =
      o.slot.teacherUserId === ''
        ? (names.unassigned ?? names.unknown)
        : (names.teachers.get(o.slot.teacherUserId) ?? names.unknown);
    const canceled = !!o.slot.canceled;
    const status = canceled
      ? null
      : slotAttendance({
          timetable: o.timetable,
          slotIndex: o.slotIndex,
          date: o.date,
          logs: input.logs,
          now: input.now,
        }).status;
    return {
      key: displayItemKey(o),
      timetableId: o.timetable.id,
      slotIndex: o.slotIndex,
      date: o.date,
      dayOfWeek: o.slot.dayOfWeek,
      startTime: o.slot.startTime,
      endTime: o.slot.endTime,
      title: moduleName,
      subtitle: slotSubtitle(className, teacherName, o.slot.room),
      ...(o.slot.room ? { room: o.slot.room } : {}),
      moduleName,
      className,
      teacherName,
      moduleId: o.slot.moduleId,
      teacherUserId: o.slot.teacherUserId,
      classId: o.timetable.classId,
      status,
      canceled,
      deliveryMode: o.slot.deliveryMode ?? 'presentiel',
      color: colors.get(colorKey(o)) ?? '#1d4ed8',
    };
  });
  const labelOf = (key: string) =>
    (input.colorBy === 'module' ? names.modules.get(key) : names.teachers.get(key)) ?? names.unknown;
  const legend = [...colors.entries()]
    .map(([key, color]) => ({ key, label: labelOf(key), color }))
    .sort((a, b) => compareNames(a.label, b.label) || compareNames(a.key, b.key));
  return { items, legend };
}

import type { Slot } from '../store/schema';

// spec part 2 point 6: this module gives the admin actions on slots.
export const PLANNING_ACTIONS_MODULE_ID = 'planning.consulter.actions';

export type SlotAction = 'checkin' | 'checkout' | 'reschedule' | 'cancel' | 'change-mode';

export const ALL_SLOT_ACTIONS: readonly SlotAction[] = [
  'reschedule',
  'cancel',
  'change-mode',
  'checkin',
  'checkout',
];
export const TEACHER_SLOT_ACTIONS: readonly SlotAction[] = ['checkin', 'checkout'];
export const UNASSIGNED_SLOT_ACTIONS: readonly SlotAction[] = ['reschedule', 'cancel', 'change-mode'];

export function hasPlanningActions(grantedModuleIds: Iterable<string>): boolean {
  for (const id of grantedModuleIds) if (id === PLANNING_ACTIONS_MODULE_ID) return true;
  return false;
}

export interface SlotViewer {
  currentUserId: string | null;
  hasPlanningActions: boolean;
}

/**
 * spec part 2 point 6: with planning.consulter.actions all slots are shown and clickable; without it a
 * teacher sees and clicks only the slots they teach that are not canceled.
 */
export function isSlotVisibleTo(slot: Pick<Slot, 'teacherUserId' | 'canceled'>, viewer: SlotViewer): boolean {
  if (viewer.hasPlanningActions) return true;
  return !!viewer.currentUserId && slot.teacherUserId === viewer.currentUserId && !slot.canceled;
}

/** The actions the "Gérer un cours" dialog offers; without the actions module only check-in and check-out. */
export function allowedSlotActions(
  slot: Pick<Slot, 'teacherUserId' | 'canceled'>,
  viewer: SlotViewer,
): readonly SlotAction[] {
  // A course "à affecter" (no teacher yet, issue 30 item 5): nobody checks in or out until a teacher is set.
  if (slot.teacherUserId === '') return viewer.hasPlanningActions ? UNASSIGNED_SLOT_ACTIONS : [];
  if (viewer.hasPlanningActions) return ALL_SLOT_ACTIONS;
  return isSlotVisibleTo(slot, viewer) ? TEACHER_SLOT_ACTIONS : [];
}

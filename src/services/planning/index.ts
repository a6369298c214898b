export {
  cancelTimetableSlot,
  changeSlotDeliveryMode,
  checkReschedule,
  rescheduleTimetableSlot,
  type NewSlotTimes,
  type RescheduleCheck,
  type SlotActionError,
  type SlotActionInput,
  type SlotActionResult,
  type SlotTarget,
} from './slot-actions';
export {
  loadPlanningReferences,
  planningLogsOfSlot,
  planningLogsOfTimetables,
  timetablesOfPeriod,
  type PlanningReferences,
} from './read';
export { contractWarningTexts } from './contract-warnings';

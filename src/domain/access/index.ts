export { lookupKeys, type AccessLookup } from './lookup';
export { projectRecord } from './read';
export {
  canReadCollection,
  holds,
  isPinTeacher,
  mayReadConflicts,
  mayRecordAttendance,
  mayReplaceStore,
  mayReviewContracts,
  OWN_USER_WRITABLE_FIELDS,
  PIN_ATTEMPT_FIELDS,
  PIN_STATE_FIELDS,
  PUBLIC_USER_FIELDS,
  readsAllContracts,
  readsAllPlanningLogs,
  SECRET_USER_FIELDS,
  seesAllNotifications,
} from './rules';
export {
  effectiveModules,
  KIOSK_VIEWER,
  SYSTEM_VIEWER,
  userViewer,
  viewerForUser,
  type UserViewer,
  type Viewer,
} from './viewer';
export { authorizeWrite, type WriteDecision, type WriteRefusal, type WriteRequest } from './write';

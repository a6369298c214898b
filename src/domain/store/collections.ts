/**
 * Collection names without zod: the login screen and the repository need them, and importing them from
 * schema.ts would put the whole zod library in the login screen's bundle (scripts/check-budgets.mjs).
 * schema.ts checks that COLLECTION_SCHEMAS has exactly these keys.
 */
const NAMES = [
  'users',
  'profiles',
  'modules',
  'classes',
  'courseModules',
  'levels',
  'institutes',
  'timetables',
  'planningImports',
  'planningLogs',
  'userLogs',
  'notifications',
  'rescheduleRequests',
  'contracts',
  'teacherContractSubmissions',
  'settings',
  // Beyond the spec (issue 32): month closings, domain/payroll/closing.ts.
  'monthClosures',
  // Beyond the spec (issue 32): a teacher's answer to her payroll statement, domain/payroll/statement-ack.ts.
  'statementAcks',
  // Beyond the spec (issue 35): absences and substitutions, domain/absences/records.ts.
  'absences',
  'substitutions',
] as const;

export type CollectionName = (typeof NAMES)[number];

/** The collections of the store, in the order of the specification. */
export const COLLECTION_NAMES: CollectionName[] = [...NAMES];

/** Collections that only ever grow: entries are appended, never edited by two devices (merge rule). */
export const APPEND_ONLY_COLLECTIONS: ReadonlySet<CollectionName> = new Set([
  'planningLogs',
  'userLogs',
  'notifications',
  'statementAcks',
]);

/**
 * A device's whole load of the store comes in two parts (GET /api/store?part=…): first what every screen reads
 * (people, profiles, reference data, timetables, requests, contracts, settings), then the journals that only
 * grow (check-ins, planning journal, notifications), which are most of an organisation's records. A screen
 * shows as soon as the first part is stored.
 */
export type StorePart = 'first' | 'journals';
export const STORE_PARTS: Readonly<Record<StorePart, readonly CollectionName[]>> = {
  first: COLLECTION_NAMES.filter((name) => !APPEND_ONLY_COLLECTIONS.has(name)),
  journals: COLLECTION_NAMES.filter((name) => APPEND_ONLY_COLLECTIONS.has(name)),
};

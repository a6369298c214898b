// The lint pattern '**/sync/**' is meant for the sync engine (src/sync); src/domain/sync is pure domain code
// (the merge rules shared by client and server), so the records and their equality come from there.
// eslint-disable-next-line no-restricted-imports
export { deepEqual, type RecordData } from '../sync/merge';

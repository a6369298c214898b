// The records and their equality come from the merge rules (src/domain/sync, shared by client and server).
export { deepEqual, type RecordData } from '../sync/merge';

import { lookupKeys, planningLogKeys, substitutionKeys } from '../../src/domain/access/lookup';
import { closureId, monthOf } from '../../src/domain/payroll/closing';
import type { CollectionName, Timetable } from '../../src/domain/store/schema';
import type { Mutation } from '../../src/domain/sync/protocol';
import type { KnownRecord, RecordKey } from '../storage/sync-storage';

/**
 * The records a batch's checks will read besides the records it writes (issue 31): the slot's timetable and
 * teacher (access rules), the class and the month closures of a check log (closing-guard.ts), the
 * substitution of its occurrence, the check-in a check-out closes. A hint only (storage.transaction's
 * `related`): PostgreSQL reads them for a whole group of batches in a few statements at the start of the group
 * instead of one round trip each under the organisation's lock. A key guessed wrong costs one row read; one
 * missed is read when asked, as before.
 */
export function batchReads(mutations: readonly Mutation[]): (known: KnownRecord) => RecordKey[] {
  return (known) => {
    const keys = new Map<string, RecordKey>();
    const add = (collection: CollectionName, id: string | null) => {
      if (id) keys.set(`${collection}/${id}`, { collection, id });
    };
    const timetableOf = (id: string) => (known('timetables', id) ?? null) as Timetable | null;
    for (const m of mutations) {
      const values = m.op === 'put' ? m.values : undefined;
      if (!values) continue;
      const { users, timetables } = lookupKeys(m.collection, null, values);
      for (const id of users) add('users', id);
      for (const id of timetables) add('timetables', id);
      for (const id of planningLogKeys(m.collection, values)) add('planningLogs', id);
      for (const id of substitutionKeys(m.collection, values, timetableOf)) add('substitutions', id);
      if (m.collection !== 'planningLogs') continue;
      const timetable =
        typeof values.timetableId === 'string' ? known('timetables', values.timetableId) : null;
      const classId = text(values.classId) ?? text(timetable?.classId);
      add('classes', classId);
      const month = typeof values.timestamp === 'string' ? monthOf(values.timestamp) : null;
      if (!month) continue;
      add('monthClosures', closureId(month, null));
      const institute = classId ? text(known('classes', classId)?.instituteId) : null;
      if (institute) add('monthClosures', closureId(month, institute));
    }
    return [...keys.values()];
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

import {
  canReadCollection,
  mayReviewContracts,
  readsAllContracts,
  readsAllPlanningLogs,
  seesAllNotifications,
} from '../../src/domain/access/rules';
import { effectiveModules, type Viewer } from '../../src/domain/access/viewer';
import { hasPlanningActions } from '../../src/domain/planning/permissions';
import { COLLECTION_NAMES, type CollectionName } from '../../src/domain/store/schema';

/**
 * What a whole-store read of one viewer asks the database for, so that a teacher's read never loads (nor
 * parses) the organisation's other records: per collection, every live record ('all'), only the records
 * about that user (`owner`: their `teacherUserId`, an indexed column), or none. It is a pre-filter: the
 * projection of src/domain/access/read.ts still runs on what comes back (fields, PIN teachers, check logs),
 * so the answer is exactly the one of filtering everything (tests/server/read-scope.test.ts).
 */
export type CollectionScope = 'all' | 'none' | { owner: string };
export type ReadScope = Readonly<Record<CollectionName, CollectionScope>>;

/** Collections whose records are about one teacher (`teacherUserId`): the rules' "own" records. */
export const OWNED_COLLECTIONS: ReadonlySet<CollectionName> = new Set([
  'planningLogs',
  'notifications',
  'rescheduleRequests',
  'contracts',
  'teacherContractSubmissions',
  'statementAcks',
  'absences',
]);

/** The owner column of a record: its teacher, when it is one of the rules' "own" collections. */
export function ownerOf(collection: CollectionName, data: Readonly<Record<string, unknown>>): string | null {
  if (!OWNED_COLLECTIONS.has(collection)) return null;
  return typeof data.teacherUserId === 'string' ? data.teacherUserId : null;
}

function readsAll(granted: ReadonlySet<string>, collection: CollectionName): boolean {
  switch (collection) {
    case 'planningLogs':
      return readsAllPlanningLogs(granted);
    case 'notifications':
      return seesAllNotifications(granted);
    case 'rescheduleRequests':
      return granted.has('planning.reprogrammation');
    case 'contracts':
      return readsAllContracts(granted);
    case 'teacherContractSubmissions':
      return mayReviewContracts(granted);
    case 'statementAcks':
      return granted.has('workload');
    case 'absences':
      return hasPlanningActions(granted);
    default:
      return true;
  }
}

export function readScopeOf(viewer: Viewer): ReadScope {
  const scope = {} as Record<CollectionName, CollectionScope>;
  for (const collection of COLLECTION_NAMES) {
    if (!canReadCollection(viewer, collection)) scope[collection] = 'none';
    else if (viewer.kind !== 'user' || !OWNED_COLLECTIONS.has(collection)) scope[collection] = 'all';
    else
      scope[collection] = readsAll(effectiveModules(viewer), collection) ? 'all' : { owner: viewer.userId };
  }
  return scope;
}

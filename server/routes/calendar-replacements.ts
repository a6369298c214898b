import type { DateTime } from 'luxon';
import { replacementsOf } from '../../src/domain/absences/records';
import type { CourseReplacement, FeedSubject } from '../../src/domain/calendar/feed-events';
import type { Substitution } from '../../src/domain/store/schema';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * The courses of the feed's dates given to a substitute or cancelled for want of one (issue 35, item 1),
 * from the substitutions collection: the feed writes "Remplacé par …" for the absent teacher and the class,
 * "Remplacement : …" for the substitute, "Annulé : …" when nobody was found.
 */
export async function replacementsFor(
  storage: SyncStorage,
  orgId: string,
  _subject: FeedSubject,
  range: { start: DateTime; end: DateTime },
): Promise<CourseReplacement[]> {
  const from = range.start.toISODate() ?? '';
  const to = range.end.toISODate() ?? '';
  const substitutions = (await storage.readCollection(orgId, 'substitutions'))
    .map((r) => r.data as Substitution)
    .filter((s) => s.date >= from && s.date < to);
  return replacementsOf(substitutions);
}

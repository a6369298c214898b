import type { DateTime } from 'luxon';
import type { CourseReplacement, FeedSubject } from '../../src/domain/calendar/feed-events';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * The courses of the feed's dates given to a substitute or cancelled for want of one (issue 35, item 1).
 * The store holds no absence or substitution records yet (item 1's data is not built): none, so a feed shows
 * the timetables' own state (planned, cancelled). The feed's writer already reads replacements
 * (domain/calendar/feed-events: "Remplacé par …", "Remplacement : …").
 */
export function replacementsFor(
  _storage: SyncStorage,
  _orgId: string,
  _subject: FeedSubject,
  _range: { start: DateTime; end: DateTime },
): Promise<CourseReplacement[]> {
  return Promise.resolve([]);
}

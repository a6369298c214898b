import type { AppDatabase } from '../../db/database';
import { journalRange, matchesJournalFilter, type JournalFilter } from '../../domain/journal/journal-query';
import type { UserLog } from '../../domain/store/schema';

/**
 * Newest first through the timestamp index, bounded by the date range, stopping as soon as `limit` entries
 * match: a page of 50 never reads the 100,000 entries of a large organisation.
 */
export async function queryJournal(
  db: AppDatabase,
  filter: JournalFilter,
  limit: number,
): Promise<UserLog[]> {
  const { lower, upper } = journalRange(filter);
  return db.userLogs
    .where('timestamp')
    .between(lower, upper, true, true)
    .reverse()
    .filter((e) => matchesJournalFilter(e, filter))
    .limit(limit)
    .toArray();
}

export async function hasAnyJournalEntry(db: AppDatabase): Promise<boolean> {
  return (await db.userLogs.limit(1).count()) > 0;
}

import type { AppDatabase } from '../../db/database';
import {
  contractItem,
  isJournalPlanningLog,
  matchesJournalItem,
  newestFirst,
  planningImportItem,
  planningLogItem,
  rescheduleItems,
  submissionItems,
  userLogItem,
  type JournalItem,
  type JournalItemFilter,
  type JournalKind,
  type JournalNames,
} from '../../domain/journal/journal-items';
import { journalRange } from '../../domain/journal/journal-query';
import { journalItemWords } from './journal-texts';

// The actions filter names journal entries (accounts, settings): the other sources have none of them.
const wants = (filter: JournalItemFilter, kind: JournalKind) =>
  (filter.kinds.size === 0 || filter.kinds.has(kind)) &&
  (filter.actions.size === 0 || kind === 'users' || kind === 'settings');

async function journalNames(db: AppDatabase): Promise<JournalNames> {
  const [users, classes, modules] = await Promise.all([
    db.users.toArray(),
    db.classes.toArray(),
    db.courseModules.toArray(),
  ]);
  return {
    users: new Map(users.map((u) => [u.id, u.name])),
    classes: new Map(classes.map((c) => [c.id, c.code])),
    modules: new Map(modules.map((m) => [m.id, m.name])),
  };
}

/**
 * Newest first, every kind of action (issue 33 point 8), bounded by the date range. Each source is read
 * newest first through its time index and stops at `limit` matching entries: the merged page is exact, and a
 * page of 50 never reads the whole of a large organisation's journal.
 */
export async function queryJournalItems(
  db: AppDatabase,
  filter: JournalItemFilter,
  limit: number,
): Promise<JournalItem[]> {
  const { lower, upper } = journalRange(filter);
  const names = await journalNames(db);
  const keep = (item: JournalItem) => matchesJournalItem(item, filter, journalItemWords(item));
  const sources: Promise<JournalItem[]>[] = [];
  // The journal's own entries: user accounts and settings changes.
  if (wants(filter, 'users') || wants(filter, 'settings')) {
    sources.push(
      db.userLogs
        .where('timestamp')
        .between(lower, upper, true, true)
        .reverse()
        .filter((e) => keep(userLogItem(e)))
        .limit(limit)
        .toArray()
        .then((entries) => entries.map(userLogItem)),
    );
  }
  if (wants(filter, 'planning')) {
    sources.push(
      db.planningImports
        .where('createdAt')
        .between(lower, upper, true, true)
        .reverse()
        .filter((e) => keep(planningImportItem(e)))
        .limit(limit)
        .toArray()
        .then((entries) => entries.map(planningImportItem)),
      db.planningLogs
        .where('timestamp')
        .between(lower, upper, true, true)
        .reverse()
        .filter((log) => isJournalPlanningLog(log) && keep(planningLogItem(log, names)))
        .limit(limit)
        .toArray()
        .then((logs) => logs.map((log) => planningLogItem(log, names))),
      db.rescheduleRequests
        .toArray()
        .then((requests) => requests.flatMap((r) => rescheduleItems(r, names)).filter(keep)),
    );
  }
  if (wants(filter, 'contracts')) {
    sources.push(
      db.contracts.toArray().then((contracts) => contracts.map((c) => contractItem(c, names)).filter(keep)),
      db.teacherContractSubmissions
        .toArray()
        .then((files) => files.flatMap((f) => submissionItems(f, names)).filter(keep)),
    );
  }
  return newestFirst((await Promise.all(sources)).flat()).slice(0, limit);
}

export async function hasAnyJournalEntry(db: AppDatabase): Promise<boolean> {
  const counts = await Promise.all([
    db.userLogs.limit(1).count(),
    db.planningImports.limit(1).count(),
    db.contracts.limit(1).count(),
    db.teacherContractSubmissions.limit(1).count(),
  ]);
  return counts.some((n) => n > 0);
}

import { displayValue, escapeSpreadsheetCell, fieldLabel, frenchDateAndTime } from './journal-query';
import type {
  Contract,
  FieldChange,
  PlanningImport,
  PlanningLog,
  RescheduleRequest,
  TeacherContractSubmission,
  UserLog,
} from '../store/schema';

/**
 * Issue 33 point 8: the journal shows every action, not only user accounts. The user-account entries are the
 * journal's own (userLogs); planning, contract and reschedule actions are read from the records that already
 * keep who did what and when (imports, planning logs, requests, contracts and contract files), so nothing is
 * written twice and nothing an old device wrote is missed.
 */
export type JournalKind = 'users' | 'planning' | 'contracts' | 'settings';
export const JOURNAL_KINDS: readonly JournalKind[] = ['users', 'planning', 'contracts', 'settings'];

export type JournalCode =
  | UserLog['action']
  | 'planning-import'
  | 'planning-cancel'
  | 'planning-reschedule'
  | 'planning-change-mode'
  | 'planning-correction'
  | 'planning-restore'
  | 'reschedule-requested'
  | 'reschedule-validated'
  | 'vh-contract-created'
  | 'contract-submitted'
  | 'contract-validated'
  | 'contract-rejected';

/** A detail the screen words in French: a known code with its values, or a text already written. */
export type JournalDetail =
  | { code: 'text'; text: string }
  | { code: 'user-created-by-import' }
  | { code: 'import'; fileName: string; periodicity: 'week' | 'month'; start: string }
  | { code: 'course'; className: string; moduleName: string; when: string }
  | { code: 'reschedule'; className: string; moduleName: string; proposed: string; reason: string }
  | { code: 'contract'; lines: number; from: string; to: string }
  | { code: 'rejection'; reason: string }
  | { code: 'settings'; collection: string; name: string; op: string };

export interface JournalItem {
  id: string;
  kind: JournalKind;
  code: JournalCode;
  timestamp: string;
  target: string | null;
  actor: string | null;
  detail: JournalDetail | null;
  fields: readonly FieldChange[];
}

export interface JournalNames {
  users: ReadonlyMap<string, string>;
  classes: ReadonlyMap<string, string>;
  modules: ReadonlyMap<string, string>;
}

/** Raw detail codes devices wrote into user entries, read as a French sentence by the screen. */
const DETAIL_CODES: Readonly<Record<string, JournalDetail>> = {
  'import-planning': { code: 'user-created-by-import' },
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function userLogItem(entry: UserLog): JournalItem {
  const details = entry.details?.trim() ?? '';
  if (entry.action === 'settings-change')
    return {
      id: `users/${entry.id}`,
      kind: 'settings',
      code: entry.action,
      timestamp: entry.timestamp,
      target: null,
      actor: entry.actorUserName ?? null,
      detail: {
        code: 'settings',
        collection: text(entry.targetCollection),
        name: text(entry.targetName),
        op: text(entry.settingsOp),
      },
      fields: entry.fields ?? [],
    };
  return {
    id: `users/${entry.id}`,
    kind: 'users',
    code: entry.action,
    timestamp: entry.timestamp,
    target: entry.targetUserName ?? null,
    actor: entry.actorUserName ?? null,
    detail: details === '' ? null : (DETAIL_CODES[details] ?? { code: 'text', text: details }),
    fields: entry.fields ?? [],
  };
}

export function planningImportItem(entry: PlanningImport): JournalItem {
  return {
    id: `planningImports/${entry.id}`,
    kind: 'planning',
    code: 'planning-import',
    timestamp: entry.createdAt,
    target: null,
    actor: typeof entry.actorUserName === 'string' ? entry.actorUserName : null,
    detail: {
      code: 'import',
      fileName: entry.fileName,
      periodicity: entry.periodicity,
      start: entry.weekStartDate ?? `${entry.year}-${String(entry.month ?? 1).padStart(2, '0')}`,
    },
    fields: [],
  };
}

const HUMAN_LOG_ACTIONS: ReadonlySet<string> = new Set([
  'planning-cancel',
  'planning-reschedule',
  'planning-change-mode',
  'planning-correction',
  'planning-restore',
]);

/** Check-ins and check-outs are the attendance's (/attendance); the journal keeps the decisions on courses. */
export function isJournalPlanningLog(log: Pick<PlanningLog, 'action'>): boolean {
  return HUMAN_LOG_ACTIONS.has(log.action);
}

function slotWhen(range: PlanningLog['before']): string {
  return range ? `${range.dayOfWeek}|${range.startTime}|${range.endTime}` : '';
}

export function planningLogItem(log: PlanningLog, names: JournalNames): JournalItem {
  return {
    id: `planningLogs/${log.id}`,
    kind: 'planning',
    code: log.action as JournalCode,
    timestamp: log.timestamp,
    target: log.teacherUserId ? (names.users.get(log.teacherUserId) ?? null) : null,
    actor: log.actorUserName ?? null,
    detail: {
      code: 'course',
      className: (log.classId && names.classes.get(log.classId)) || '',
      moduleName: (log.moduleId && names.modules.get(log.moduleId)) || '',
      when: slotWhen(log.after ?? log.before),
    },
    fields: [],
  };
}

/** A request gives two entries: asked by the teacher, then validated by an administrator. */
export function rescheduleItems(request: RescheduleRequest, names: JournalNames): JournalItem[] {
  const teacher = request.teacherUserId ? (names.users.get(request.teacherUserId) ?? null) : null;
  const detail: JournalDetail = {
    code: 'reschedule',
    className: (request.classId && names.classes.get(request.classId)) || '',
    moduleName: (request.moduleId && names.modules.get(request.moduleId)) || '',
    proposed: `${request.proposedDate}|${request.proposedStartTime}|${request.proposedEndTime}`,
    reason: request.reason,
  };
  const asked: JournalItem = {
    id: `rescheduleRequests/${request.id}`,
    kind: 'planning',
    code: 'reschedule-requested',
    timestamp: request.requestedAt,
    target: teacher,
    actor: teacher,
    detail,
    fields: [],
  };
  if (!request.approvedAt) return [asked];
  return [
    asked,
    {
      ...asked,
      id: `rescheduleRequests/${request.id}/validated`,
      code: 'reschedule-validated',
      timestamp: request.approvedAt,
      actor: request.approvedByUserName ?? null,
    },
  ];
}

export function contractItem(contract: Contract, names: JournalNames): JournalItem {
  return {
    id: `contracts/${contract.id}`,
    kind: 'contracts',
    code: 'vh-contract-created',
    timestamp: contract.createdAt,
    target: names.users.get(contract.teacherUserId) ?? null,
    actor: typeof contract.createdByUserName === 'string' ? contract.createdByUserName : null,
    detail: {
      code: 'contract',
      lines: contract.entries.length,
      from: contract.startDate,
      to: contract.endDate,
    },
    fields: [],
  };
}

/** A contract file's steps that keep their time: submitted, validated, rejected. */
export function submissionItems(file: TeacherContractSubmission, names: JournalNames): JournalItem[] {
  const teacher = names.users.get(file.teacherUserId) ?? null;
  const base = { kind: 'contracts' as const, target: teacher, fields: [] };
  const items: JournalItem[] = [];
  if (file.submittedAt)
    items.push({
      ...base,
      id: `teacherContractSubmissions/${file.id}/submitted`,
      code: 'contract-submitted',
      timestamp: file.submittedAt,
      actor: teacher,
      detail: null,
    });
  if (file.validatedAt)
    items.push({
      ...base,
      id: `teacherContractSubmissions/${file.id}/validated`,
      code: 'contract-validated',
      timestamp: file.validatedAt,
      actor: file.validatedByUserName ?? null,
      detail: null,
    });
  if (file.rejectedAt)
    items.push({
      ...base,
      id: `teacherContractSubmissions/${file.id}/rejected`,
      code: 'contract-rejected',
      timestamp: file.rejectedAt,
      actor: file.rejectedByUserName ?? null,
      detail: file.rejectionReason ? { code: 'rejection', reason: file.rejectionReason } : null,
    });
  return items;
}

/** Newest first, ties by id: the same order on every device and every page. */
export function newestFirst(items: readonly JournalItem[]): JournalItem[] {
  return [...items].sort((a, b) =>
    a.timestamp === b.timestamp ? a.id.localeCompare(b.id) : a.timestamp < b.timestamp ? 1 : -1,
  );
}

export function formatWhen(when: string): { day: string; time: string } {
  const [day = '', start = '', end = ''] = when.split('|');
  return { day, time: start && end ? `${start}–${end}` : '' };
}

export interface JournalItemFilter {
  query: string;
  from: string;
  to: string;
  /** User-account actions; when some are chosen, only those user entries are shown. */
  actions: ReadonlySet<string>;
  /** Kinds of action shown; none chosen: all. */
  kinds: ReadonlySet<JournalKind>;
}

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Whether an item passes the filters. `words` is what a person reads on the row (the French action and
 * detail, the names): the search finds "Import du planning", never the code behind it.
 */
export function matchesJournalItem(item: JournalItem, filter: JournalItemFilter, words: string): boolean {
  if (filter.kinds.size > 0 && !filter.kinds.has(item.kind)) return false;
  if (filter.actions.size > 0 && !filter.actions.has(item.code)) return false;
  if (filter.from && item.timestamp < `${filter.from}T00:00:00.000Z`) return false;
  if (filter.to && item.timestamp > `${filter.to}T23:59:59.999Z`) return false;
  const query = normalize(filter.query.trim());
  return query === '' || normalize(words).includes(query);
}

/** One CSV row per item (same columns as CSV_HEADER); `label` and `detailText` word the codes in French. */
export function journalItemCsvRows(
  items: readonly JournalItem[],
  label: (code: JournalCode) => string,
  detailText: (detail: JournalDetail | null) => string,
): string[][] {
  return items.map((item) =>
    [
      ...frenchDateAndTime(item.timestamp),
      label(item.code),
      item.target ?? '',
      item.actor ?? '',
      detailText(item.detail),
      item.fields
        .map((f) => `${fieldLabel(f)}: ${displayValue(f.before)} -> ${displayValue(f.after)}`)
        .join(' | '),
      item.timestamp,
    ].map(escapeSpreadsheetCell),
  );
}

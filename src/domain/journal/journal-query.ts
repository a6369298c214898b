import type { FieldChange, UserLog, UserLogAction } from '../store/schema';

// spec part 2 point 9: journal page size 50.
export const JOURNAL_PAGE_SIZE = 50;

export interface JournalFilter {
  query: string;
  /** YYYY-MM-DD, inclusive, UTC. */
  from: string;
  to: string;
  actions: ReadonlySet<UserLogAction>;
}

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** [from, to] dates as ISO instants bounding `timestamp` (inclusive days, UTC). */
export function journalRange(filter: Pick<JournalFilter, 'from' | 'to'>): { lower: string; upper: string } {
  return {
    lower: filter.from ? `${filter.from}T00:00:00.000Z` : '',
    upper: filter.to ? `${filter.to}T23:59:59.999Z` : '\uffff',
  };
}

export function matchesJournalFilter(entry: UserLog, filter: JournalFilter): boolean {
  if (filter.actions.size > 0 && !filter.actions.has(entry.action)) return false;
  const { lower, upper } = journalRange(filter);
  if (entry.timestamp < lower || entry.timestamp > upper) return false;
  const query = normalize(filter.query.trim());
  if (query === '') return true;
  const haystack = [
    entry.targetUserName,
    entry.actorUserName,
    entry.details,
    ...(entry.fields ?? []).flatMap((f) => [f.label, f.key, displayValue(f.after)]),
  ]
    .filter(Boolean)
    .join(' ');
  return normalize(haystack).includes(query);
}

export function fieldLabel(change: FieldChange): string {
  return change.label ?? change.key ?? '';
}

export function displayValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';
}

/**
 * A spreadsheet treats a cell starting with = + - @ (or tab / carriage return) as a formula: such cells are
 * prefixed with a quote so an exported journal can never run code when opened (CSV injection).
 */
export function escapeSpreadsheetCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** 'YYYY-MM-DDTHH:MM:SS…Z' -> ['20/11/2026', '10:00:00'] (UTC, like every time the app shows). */
export function frenchDateAndTime(timestamp: string): [string, string] {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(timestamp);
  if (!match) return [timestamp, ''];
  const [, y, m, d, hh, mm, ss = '00'] = match;
  return [`${d}/${m}/${y}`, `${hh}:${mm}:${ss}`];
}

// A person reads the French date and time; a machine reads the last column, the ISO UTC instant.
export const CSV_HEADER = [
  'Date',
  'Heure (UTC)',
  'Action',
  'Utilisateur',
  'Auteur',
  'Détails',
  'Modifications',
  'Horodatage ISO (UTC)',
] as const;

/** One CSV row per journal entry; field changes are written "Champ: avant -> après" on one cell. */
export function journalCsvRows(
  entries: readonly UserLog[],
  actionLabel: (a: UserLogAction) => string,
): string[][] {
  return entries.map((e) =>
    [
      ...frenchDateAndTime(e.timestamp),
      actionLabel(e.action),
      e.targetUserName ?? '',
      e.actorUserName ?? '',
      e.details ?? '',
      (e.fields ?? [])
        .map((f) => `${fieldLabel(f)}: ${displayValue(f.before)} -> ${displayValue(f.after)}`)
        .join(' | '),
      e.timestamp,
    ].map(escapeSpreadsheetCell),
  );
}

/**
 * Which empty text the journal shows: none at all yet, nothing matching the typed search (its own text, so
 * a person knows to change the words), or nothing in the chosen period and actions.
 */
export function journalEmptyKind(
  filter: Pick<JournalFilter, 'query'>,
  hasAnyEntry: boolean,
): 'empty' | 'no-match' | 'empty-period' {
  if (!hasAnyEntry) return 'empty';
  return filter.query.trim() === '' ? 'empty-period' : 'no-match';
}

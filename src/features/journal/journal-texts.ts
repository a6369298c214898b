import { displayValue } from '../../domain/journal/journal-query';
import {
  formatWhen,
  type JournalCode,
  type JournalDetail,
  type JournalItem,
} from '../../domain/journal/journal-items';
import { fr } from '../../i18n/fr';
import { frJournalItems } from '../../i18n/fr-journal-items';

const t = frJournalItems;

/** 2025-03-10 -> 10/03/2025; 2025-03 -> 03/2025. */
function frenchDate(iso: string): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  return d ? `${d}/${m}/${y}` : `${m}/${y}`;
}

export function journalCodeLabel(code: JournalCode): string {
  const accounts: Readonly<Record<string, string | undefined>> = fr.journal.actionLabels;
  const others: Readonly<Record<string, string | undefined>> = t.codes;
  return accounts[code] ?? others[code] ?? code;
}

function courseText(className: string, moduleName: string, when: string): string {
  const { day, time } = formatWhen(when);
  const dayName = t.days[Number(day)] ?? '';
  return t.details.course(className, moduleName, [dayName, time].filter(Boolean).join(' '));
}

/** The detail of an entry as a sentence: never a code ("import-planning" -> "Compte créé par l'import…"). */
export function journalDetailText(detail: JournalDetail | null): string {
  if (detail === null) return '';
  switch (detail.code) {
    case 'text':
      return detail.text;
    case 'user-created-by-import':
      return t.details.userCreatedByImport;
    case 'import':
      return detail.periodicity === 'week'
        ? t.details.importWeek(detail.fileName, frenchDate(detail.start))
        : t.details.importMonth(detail.fileName, frenchDate(detail.start));
    case 'course':
      return courseText(detail.className, detail.moduleName, detail.when);
    case 'reschedule': {
      const [date = '', start = '', end = ''] = detail.proposed.split('|');
      const proposed = `${frenchDate(date)} ${start}–${end}`;
      return t.details.reschedule(
        t.details.course(detail.className, detail.moduleName, ''),
        proposed,
        detail.reason,
      );
    }
    case 'contract':
      return t.details.contract(detail.lines, frenchDate(detail.from), frenchDate(detail.to));
    case 'rejection':
      return t.details.rejection(detail.reason);
    case 'settings': {
      if (detail.collection === 'settings') return t.details.pinValidity(detail.name);
      const record = t.details.settingsRecord[detail.collection];
      const op = t.details.settingsOps[detail.op];
      return record && op ? t.details.settingsRecordChange(record, detail.name, op) : t.details.settingsOther;
    }
  }
}

/** What a person reads on the row, for the search. */
export function journalItemWords(item: JournalItem): string {
  return [
    journalCodeLabel(item.code),
    t.kinds[item.kind],
    item.target,
    item.actor,
    journalDetailText(item.detail),
    ...item.fields.flatMap((f) => [f.label, f.key, displayValue(f.after)]),
  ]
    .filter(Boolean)
    .join(' ');
}

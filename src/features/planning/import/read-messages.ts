import type { TimetableReadIssue } from '../../../domain/timetable-parsing';
import { fr } from '../../../i18n/fr';

/** spec part 2 point 5: the texts of a file that gives no timetable. */
export function readIssueMessage(issues: readonly TimetableReadIssue[]): string {
  const t = fr.planning.import;
  const issue = issues[0];
  if (!issue || issue.code === 'empty') return t.emptyParse;
  if (issue.code === 'timeout') return t.readErrorWithReason(t.timeoutReason);
  if (issue.code === 'unreadable' && issue.reason) {
    // A JavaScript error ("Cannot read properties of undefined…") is never shown as such.
    return t.readErrorWithReason(t.readReasons[issue.reason] ?? t.unknownReadReason);
  }
  return t.readError;
}

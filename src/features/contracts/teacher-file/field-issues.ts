import type { FieldIssue } from '../../../domain/contracts/submission';
import { fr } from '../../../i18n/fr';

/** Field name -> the French message of its first issue (domain codes mapped to texts, STYLE.md "Texts"). */
export function issueMessages(issues: readonly FieldIssue[]): Record<string, string> {
  const t = fr.contracts.file;
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    if (messages[issue.field]) continue;
    const specific =
      issue.code === 'required' || issue.code === 'missing-attachment'
        ? (t.fieldIssues as Record<string, string | undefined>)[issue.field]
        : undefined;
    messages[issue.field] = specific ?? t.issues[issue.code];
  }
  return messages;
}

/** Messages about attachments, shown on the files step. */
export function attachmentIssueMessages(messages: Record<string, string>): string[] {
  return Object.entries(messages)
    .filter(([field]) => field.startsWith('attachments.'))
    .map(([, text]) => text);
}

/** Whether every issue concerns attachments, so "Soumettre" should lead to the files step. */
export function onlyAttachmentIssues(issues: readonly FieldIssue[]): boolean {
  return issues.length > 0 && issues.every((i) => i.field.startsWith('attachments.'));
}

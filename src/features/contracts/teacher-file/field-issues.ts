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

export const isAttachmentField = (field: string) => field.startsWith('attachments.');

/**
 * Field names in the order a person meets them on the form, steps included: the summary lists the errors
 * in this order and the focus goes to the first (issue 33 point 4).
 */
export const FORM_FIELD_ORDER = [
  'civility',
  'firstName',
  'lastName',
  'birthDate',
  'address',
  'idType',
  'idNumber',
  'phoneDialCode',
  'phoneRest',
  'email',
  'emergencyName',
  'emergencyPhoneDialCode',
  'emergencyPhoneRest',
  'emergencyEmail',
  'bankName',
  'bankFullNumber',
  'bankCode',
  'branchCode',
  'accountNumber',
  'ribKey',
  'attestsTruth',
  'attachments.id',
  'attachments.rib',
] as const;

/** The messages in the form's order (a field the list does not know goes last). */
export function orderedMessages(messages: Record<string, string>): Record<string, string> {
  const rank = (field: string) => {
    const index = (FORM_FIELD_ORDER as readonly string[]).indexOf(field);
    return index === -1 ? FORM_FIELD_ORDER.length : index;
  };
  return Object.fromEntries(Object.entries(messages).sort(([a], [b]) => rank(a) - rank(b)));
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

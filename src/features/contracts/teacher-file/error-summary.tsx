import { Button } from 'react-aria-components';
import { fr } from '../../../i18n/fr';
import { frContractForm } from '../../../i18n/fr-contract-form';
import { isAttachmentField } from './field-issues';

/** The French name of a field of the form, as its label says it. */
export function fieldLabel(field: string): string {
  const t = fr.contracts.file as unknown as Record<string, unknown>;
  if (isAttachmentField(field)) {
    const kind = field.slice('attachments.'.length) as keyof typeof fr.contracts.attachmentKinds;
    return fr.contracts.attachmentKinds[kind] ?? field;
  }
  const own = frContractForm.labels[field] ?? t[field];
  return typeof own === 'string' ? own : field;
}

interface Props {
  /** Field name -> message, in the order of the form. */
  messages: Record<string, string>;
  onGoTo: (field: string) => void;
}

/**
 * Issue 33 point 4: "Soumettre" shows every error of both steps at once (the fields, the bank number and the
 * missing files), each leading to its field, instead of revealing them one step or one rule at a time.
 */
export function ErrorSummary({ messages, onGoTo }: Props) {
  const entries = Object.entries(messages);
  if (entries.length === 0) return null;
  return (
    <div className="form-error contracts-error-summary" role="alert" aria-labelledby="file-error-summary">
      <p id="file-error-summary">{frContractForm.summaryTitle(entries.length)}</p>
      <ul>
        {entries.map(([field, text]) => (
          <li key={field}>
            <Button className="link-button" onPress={() => onGoTo(field)}>
              <strong>{fieldLabel(field)}</strong> : {text}
              {isAttachmentField(field) ? ` ${frContractForm.onFilesStep}` : null}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

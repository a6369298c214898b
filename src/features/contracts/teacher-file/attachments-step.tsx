import { useState } from 'react';
import { Button } from 'react-aria-components';
import { ATTACHMENT_KINDS, checkAttachment, UPLOAD_MAX_BYTES } from '../../../domain/contracts/attachments';
import {
  MAX_ATTACHMENT_BYTES_PER_TEACHER,
  pieceFitsTeacherLimit,
} from '../../../domain/contracts/storage-limits';
import type { Attachment } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { frContractStorage } from '../../../i18n/fr-contract-storage';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { readFileAsDataUrl } from './read-file';

/** What the step hands over; the form gives it an id and a time. */
export interface NewAttachment {
  kind: Attachment['kind'];
  name: string;
  size: number;
  contentBase64: string;
}

type UploadError = keyof typeof fr.contracts.file.uploadErrors | 'teacher-full';

const uploadErrorText = (code: UploadError) =>
  code === 'teacher-full'
    ? frContractStorage.teacherFull(MAX_ATTACHMENT_BYTES_PER_TEACHER)
    : fr.contracts.file.uploadErrors[code];

interface Props {
  attachments: readonly Attachment[];
  isReadOnly: boolean;
  isBusy: boolean;
  issues: readonly string[];
  onAdd: (attachment: NewAttachment) => Promise<void>;
  onRemove: (attachmentId: string) => Promise<void>;
  onBack: () => void;
  onSubmit: () => void;
}

/** Step "2. Pièces jointes": id, RIB and attestation uploads (images and PDF, 3,000,000 bytes at most). */
export function AttachmentsStep(props: Props) {
  const { attachments, isReadOnly, isBusy, issues, onAdd, onRemove, onBack, onSubmit } = props;
  const t = fr.contracts.file;
  const [errors, setErrors] = useState<Partial<Record<Attachment['kind'], UploadError>>>({});
  const [removing, setRemoving] = useState<Attachment | null>(null);

  const choose = async (kind: Attachment['kind'], input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const check = checkAttachment(file);
    if (!check.ok) {
      setErrors({ ...errors, [kind]: check.code });
      return;
    }
    // The server refuses a teacher's pieces beyond their total (storage-limits.ts): said here, before sending.
    if (!pieceFitsTeacherLimit([{ attachments }], file.size)) {
      setErrors({ ...errors, [kind]: 'teacher-full' });
      return;
    }
    const content = await readFileAsDataUrl(file);
    if (!content) {
      setErrors({ ...errors, [kind]: 'read-failed' });
      return;
    }
    setErrors({ ...errors, [kind]: undefined });
    await onAdd({ kind, name: file.name, size: file.size, contentBase64: content });
  };

  return (
    <div className="contracts-files">
      {isReadOnly ? null : (
        <>
          <p className="hint">{t.uploadHint}</p>
          <div className="contracts-uploads">
            {ATTACHMENT_KINDS.map((kind) => (
              <div key={kind} className="field contracts-upload">
                <label htmlFor={`upload-${kind}`}>{fr.contracts.attachmentKinds[kind]}</label>
                <input
                  id={`upload-${kind}`}
                  name={`attachments.${kind}`}
                  type="file"
                  accept="image/*,application/pdf,.pdf"
                  data-max-bytes={UPLOAD_MAX_BYTES}
                  disabled={isBusy}
                  aria-invalid={errors[kind] ? true : undefined}
                  aria-describedby={errors[kind] ? `upload-${kind}-error` : undefined}
                  onChange={(e) => void choose(kind, e.currentTarget)}
                />
                {errors[kind] ? (
                  <span className="field-error" id={`upload-${kind}-error`} role="alert">
                    {uploadErrorText(errors[kind])}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        </>
      )}
      <h3 className="contracts-subtitle">{t.addedFiles}</h3>
      {attachments.length === 0 ? <p className="empty">{t.noFiles}</p> : null}
      <ul className="contracts-file-list" aria-label={t.addedFiles}>
        {attachments.map((a) => (
          <li key={a.id}>
            <span className="pill blue">{fr.contracts.attachmentKinds[a.kind]}</span>
            {/* Issue 33 point 4: a long name ends in an ellipsis on one line, never cut mid-word; whole on hover. */}
            <span className="grow contracts-file-name" title={a.name}>
              {a.name}
            </span>
            <span className="cell-sub">{Math.ceil(a.size / 1000)} Ko</span>
            {isReadOnly ? null : (
              <Button
                className="button secondary small"
                aria-label={t.removeFile(a.name)}
                onPress={() => setRemoving(a)}
              >
                {t.remove}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {issues.length > 0 ? (
        <ul className="form-error contracts-issues" role="alert">
          {issues.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={frContractStorage.removePieceTitle}
        message={frContractStorage.removePiece(removing?.name ?? '')}
        confirmLabel={frContractStorage.removePieceConfirm}
        onConfirm={async () => {
          if (removing) await onRemove(removing.id);
        }}
      />
      <div className="dialog-actions">
        <Button className="button secondary" onPress={onBack}>
          {t.back}
        </Button>
        {isReadOnly ? null : (
          <Button className="button primary" onPress={onSubmit} isDisabled={isBusy}>
            {t.submit}
          </Button>
        )}
      </div>
    </div>
  );
}

import { Button } from 'react-aria-components';
import type { Attachment, TeacherContractSubmission } from '../../../domain/store/schema';
import { fr } from '../../../i18n/fr';
import { frContractStorage } from '../../../i18n/fr-contract-storage';
import { AppDialog } from '../../../ui/app-dialog';
import { formatDate, formatDateTime } from '../shared/format';
import { StatusTag } from '../shared/status-tag';
import { AttachmentPreview } from './attachment-preview';

interface Props {
  submission: TeacherContractSubmission;
  teacherName: string;
  onClose: () => void;
  /** A reviewer's "Supprimer la pièce" (absent: the file is validated, its pieces stay). */
  onRemovePiece?: ((attachment: Attachment) => void) | undefined;
}

const phone = (dial: string | null | undefined, rest: string | null | undefined) =>
  rest ? `${dial ?? ''} ${rest}`.trim() : '';

/** Every field of the file and its attachments, for the reviewer. */
export function SubmissionDetailDialog({ submission: s, teacherName, onClose, onRemovePiece }: Props) {
  const t = fr.contracts.compliance;
  const f = fr.contracts.file;
  const rows: [string, string][] = [
    [f.civility, s.civility ?? ''],
    [f.firstName, s.firstName ?? ''],
    [f.lastName, s.lastName ?? ''],
    [f.birthDate, formatDate(s.birthDate)],
    [f.address, s.address ?? ''],
    [f.phone, phone(s.phoneDialCode, s.phoneRest)],
    [f.email, s.email ?? ''],
    [f.idType, s.idType ?? ''],
    [f.idNumber, s.idNumber ?? ''],
    [f.emergencyName, s.emergencyName ?? ''],
    [f.emergencyPhone, phone(s.emergencyPhoneDialCode, s.emergencyPhoneRest)],
    [f.emergencyEmail, s.emergencyEmail ?? ''],
    [f.bankName, s.bankName ?? ''],
    [f.bankFullNumber, s.bankFullNumber ?? ''],
    [f.bankCode, s.bankCode ?? ''],
    [f.branchCode, s.branchCode ?? ''],
    [f.accountNumber, s.accountNumber ?? ''],
    [f.ribKey, s.ribKey ?? ''],
    [f.attests, s.attestsTruth ? t.yes : t.no],
  ];
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t.detailTitle(teacherName)}
      size="large"
    >
      <h3 className="contracts-subtitle">{t.review}</h3>
      <p>
        <StatusTag status={s.status} />{' '}
        {s.submittedAt ? `${t.submittedAt} ${formatDateTime(s.submittedAt)}` : null}
      </p>
      {s.status === 'validated' && s.validatedAt ? (
        <p>
          {t.validatedBy(s.validatedByUserName ?? fr.contracts.common.unknown, formatDateTime(s.validatedAt))}
        </p>
      ) : null}
      {s.status === 'rejected' && s.rejectedAt ? (
        <p>
          {t.rejectedBy(s.rejectedByUserName ?? fr.contracts.common.unknown, formatDateTime(s.rejectedAt))}
          {s.rejectionReason ? ` — ${f.rejectedReason(s.rejectionReason)}` : null}
        </p>
      ) : null}
      <h3 className="contracts-subtitle">{t.fields}</h3>
      <dl className="details contracts-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || fr.contracts.common.unknown}</dd>
          </div>
        ))}
      </dl>
      <h3 className="contracts-subtitle">{t.attachments}</h3>
      {s.attachments.length === 0 ? <p className="empty">{t.noAttachments}</p> : null}
      <div className="contracts-previews">
        {s.attachments.map((a) => (
          <div key={a.id} className="contracts-preview-item">
            <AttachmentPreview attachment={a} />
            {onRemovePiece ? (
              <Button
                className="button danger small"
                aria-label={frContractStorage.deletePieceLabel(a.name)}
                onPress={() => onRemovePiece(a)}
              >
                {frContractStorage.deletePiece}
              </Button>
            ) : null}
          </div>
        ))}
      </div>
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {fr.contracts.common.close}
        </Button>
      </div>
    </AppDialog>
  );
}

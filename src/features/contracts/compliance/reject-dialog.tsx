import { useState } from 'react';
import { Button, Label, TextArea, TextField } from 'react-aria-components';
import { fr } from '../../../i18n/fr';
import { AppDialog } from '../../../ui/app-dialog';

interface Props {
  teacherName: string;
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** "Motif du refus": an optional free-text reason (spec part 2 point 2). */
export function RejectDialog({ teacherName, onReject, onClose }: Props) {
  const t = fr.contracts.compliance;
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  return (
    <AppDialog
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t.rejectTitle}
      size="small"
    >
      <p className="hint">{teacherName}</p>
      <TextField className="field" value={reason} onChange={setReason}>
        <Label>{t.reasonLabel}</Label>
        <TextArea rows={4} placeholder={t.reasonPlaceholder} />
      </TextField>
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {fr.contracts.common.cancel}
        </Button>
        <Button
          className="button danger"
          isDisabled={isBusy}
          onPress={() => {
            setIsBusy(true);
            void onReject(reason).finally(() => setIsBusy(false));
          }}
        >
          {t.confirmReject}
        </Button>
      </div>
    </AppDialog>
  );
}

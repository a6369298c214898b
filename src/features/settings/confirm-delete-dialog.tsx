import { useState } from 'react';
import { Button } from 'react-aria-components';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { FormWarning } from '../../ui/form-warning';
import { useToast } from '../../ui/toast';

interface Props {
  isOpen: boolean;
  question: string;
  /** Spec part 1 point 5: linked items stay without reference; the deletion is not blocked. */
  warnings?: readonly string[];
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Every deletion asks first: "Confirmer la suppression" (spec part 1 point 2). */
export function ConfirmDeleteDialog({ isOpen, question, warnings = [], onConfirm, onClose }: Props) {
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  const t = fr.settings.common;
  const confirm = async () => {
    setIsBusy(true);
    try {
      await onConfirm();
    } catch {
      toast.show(t.deleteFailed, 'error');
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t.confirmDeleteTitle}
      role="alertdialog"
      size="small"
    >
      <p className="settings-question">{question}</p>
      {warnings.map((w) => (
        <FormWarning key={w}>{w}</FormWarning>
      ))}
      <div className="dialog-actions">
        <Button className="button secondary" slot="close" autoFocus>
          {t.cancel}
        </Button>
        <Button className="button danger" onPress={() => void confirm()} isDisabled={isBusy}>
          {t.remove}
        </Button>
      </div>
    </AppDialog>
  );
}

import { useState } from 'react';
import { Button } from 'react-aria-components';
import { AppDialog } from './app-dialog';

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  isDestructive?: boolean;
  onConfirm: () => Promise<void> | void;
}

/** Confirmation before a destructive action; the confirm button is disabled while the action runs. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Annuler',
  isDestructive = true,
  onConfirm,
}: Props) {
  const [isBusy, setIsBusy] = useState(false);
  const confirm = async () => {
    setIsBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <AppDialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} role="alertdialog" size="small">
      <p>{message}</p>
      <div className="dialog-actions">
        <Button className="button secondary" slot="close">
          {cancelLabel}
        </Button>
        <Button
          className={isDestructive ? 'button danger' : 'button primary'}
          onPress={() => void confirm()}
          isDisabled={isBusy}
        >
          {confirmLabel}
        </Button>
      </div>
    </AppDialog>
  );
}

import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

interface AppDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
  size?: 'small' | 'medium' | 'large';
}

/** Accessible modal dialog (focus trap, Escape, title) from react-aria-components; at most 85vh high. */
export function AppDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  isDismissable = true,
  role = 'dialog',
  size = 'medium',
}: AppDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="modal-overlay"
    >
      <Modal className={`modal modal-${size}`}>
        <Dialog className="dialog" role={role}>
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

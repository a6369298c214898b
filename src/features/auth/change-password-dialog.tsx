import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import { checkNewPassword } from '../../domain/auth/password';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { changePassword, type ChangePasswordError } from '../../services/auth/password-change';

const MESSAGES: Record<ChangePasswordError | 'mismatch', string> = {
  'not-logged-in': fr.app.notLoggedIn,
  'current-wrong': fr.password.currentWrong,
  'new-too-short': fr.password.newTooShort,
  mismatch: fr.password.mismatch,
  offline: fr.login.serverUnreachable,
  'rate-limited': fr.login.rateLimited,
  'session-needed': fr.login.sessionNeeded,
};

interface Props {
  userId: string | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

export function ChangePasswordDialog({ userId, isOpen, onOpenChange }: Props) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  const close = (open: boolean) => {
    if (!open) {
      setCurrent('');
      setNext('');
      setConfirmation('');
      setError(null);
    }
    onOpenChange(open);
  };
  const submit = async () => {
    // A short new password is the server's "new-too-short" (after the current password), not a mismatch.
    if (checkNewPassword(next, confirmation) === 'mismatch') return setError(MESSAGES.mismatch);
    setIsBusy(true);
    const result = await changePassword(appDb(), userId, current, next);
    setIsBusy(false);
    if (!result.ok) return setError(MESSAGES[result.code]);
    toast.show(fr.password.changed);
    close(false);
  };
  return (
    <AppDialog isOpen={isOpen} onOpenChange={close} title={fr.changePassword.title} size="small">
      <Form
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={fr.changePassword.current}
          type="password"
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
        />
        <TextField
          label={fr.changePassword.next}
          type="password"
          value={next}
          onChange={setNext}
          autoComplete="new-password"
        />
        <TextField
          label={fr.changePassword.confirmation}
          type="password"
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
        />
        {error ? (
          <p role="alert" className="form-error">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <Button className="button secondary" slot="close">
            {fr.changePassword.cancel}
          </Button>
          <Button className="button primary" type="submit" isDisabled={isBusy}>
            {fr.password.save}
          </Button>
        </div>
      </Form>
    </AppDialog>
  );
}

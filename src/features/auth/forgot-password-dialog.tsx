import { browserFetch } from '../../api/http';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { TextField } from '../../ui/text-field';
import { requestPasswordReset, resetOrgId } from './password-reset-service';

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  initialEmail: string;
}

export function ForgotPasswordDialog({ isOpen, onOpenChange, initialEmail }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [isSent, setIsSent] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const close = (open: boolean) => {
    if (!open) {
      setIsSent(false);
      setError(null);
    } else setEmail(initialEmail);
    onOpenChange(open);
  };
  const submit = async () => {
    setIsBusy(true);
    const orgId = await resetOrgId(appDb(), null);
    const result = await requestPasswordReset(email, orgId, browserFetch);
    setIsBusy(false);
    if (!result.ok)
      return setError(
        result.code === 'rate-limited' ? fr.passwordReset.rateLimited : fr.password.invalidEmail,
      );
    setError(null);
    setIsSent(true);
  };
  return (
    <AppDialog isOpen={isOpen} onOpenChange={close} title={fr.forgot.title} size="small">
      {isSent ? (
        <div className="reset-answer">
          <p role="status">{fr.password.resetNeutral}</p>
          {/* The link is never shown here: without e-mail, an administrator gives it from /users. */}
          <p className="hint">{fr.passwordReset.askAdministrator}</p>
          <div className="dialog-actions">
            <Button className="button primary" slot="close">
              {fr.forgot.close}
            </Button>
          </div>
        </div>
      ) : (
        <Form
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className="hint">{fr.forgot.hint}</p>
          <TextField
            label={fr.login.email}
            type="email"
            value={email}
            onChange={setEmail}
            errorMessage={error}
            autoFocus
          />
          <div className="dialog-actions">
            <Button className="button secondary" slot="close">
              {fr.forgot.cancel}
            </Button>
            <Button className="button primary" type="submit" isDisabled={isBusy}>
              {fr.forgot.submit}
            </Button>
          </div>
        </Form>
      )}
    </AppDialog>
  );
}

import { browserFetch } from '../../sync/server-auth';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { appDb } from '../../db/database';
import { fr } from '../../i18n/fr';
import { AppDialog } from '../../ui/app-dialog';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { requestPasswordReset, resetOrgId } from './password-reset-service';

interface Props {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  initialEmail: string;
}

export function ForgotPasswordDialog({ isOpen, onOpenChange, initialEmail }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ link: string | null; note: string | null } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();
  const close = (open: boolean) => {
    if (!open) {
      setAnswer(null);
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
    setAnswer({ link: result.link, note: result.note });
  };
  return (
    <AppDialog isOpen={isOpen} onOpenChange={close} title={fr.forgot.title} size="small">
      {answer ? (
        <div className="reset-answer">
          <p role="status">{fr.password.resetNeutral}</p>
          {answer.link ? (
            <div className="reset-link">
              <p>{answer.note ?? fr.forgot.linkIntro}</p>
              <code className="link-text">{answer.link}</code>
              <div className="dialog-actions">
                <a className="button secondary" href={answer.link}>
                  {fr.forgot.open}
                </a>
                <Button
                  className="button secondary"
                  onPress={() => {
                    void navigator.clipboard
                      ?.writeText(answer.link ?? '')
                      .then(() => toast.show(fr.forgot.copied));
                  }}
                >
                  {fr.forgot.copy}
                </Button>
              </div>
            </div>
          ) : null}
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

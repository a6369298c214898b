import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { appDb } from '../../db/database';
import { fr } from '../../i18n/fr';
import { useSignedInSession } from '../../session/use-session';
import { TextField } from '../../ui/text-field';
import { completeFirstLogin } from './auth-service';

const MESSAGES = {
  'too-short': fr.password.tooShort,
  mismatch: fr.password.mismatch,
  'not-logged-in': fr.app.notLoggedIn,
  'same-as-initial': fr.firstLogin.sameAsInitial,
} as const;

/** Forced password change after a first login or a temporary password (spec part 1 point 4). */
export function FirstLoginPage() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async () => {
    if (!session) return setError(MESSAGES['not-logged-in']);
    setIsBusy(true);
    const result = await completeFirstLogin(appDb(), session.user.id, password, confirmation);
    setIsBusy(false);
    if (result.ok) void navigate(result.destination, { replace: true });
    else setError(MESSAGES[result.code]);
  };
  return (
    <div className="login-page">
      <main className="login-card">
        <p className="brand">{fr.app.name}</p>
        <h1>{fr.firstLogin.title}</h1>
        <p className="hint">{fr.firstLogin.hint}</p>
        <Form
          validationBehavior="aria"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={fr.firstLogin.newPassword}
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            autoFocus
          />
          <TextField
            label={fr.firstLogin.confirmation}
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
          <Button type="submit" className="button primary wide" isDisabled={isBusy}>
            {fr.password.save}
          </Button>
        </Form>
      </main>
    </div>
  );
}

import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { appDb } from '../../db/database';
import { RESET_REDIRECT_DELAY_MS } from '../../domain/auth/password';
import { fr } from '../../i18n/fr';
import { useToast } from '../../ui/toast';
import { completePasswordReset, isResetTokenUsable } from './auth-service';
import { NewPasswordForm } from './new-password-form';

const MESSAGES = {
  'too-short': fr.password.tooShort,
  mismatch: fr.password.mismatch,
  'invalid-link': fr.password.invalidLink,
} as const;

/** /reset-password?token=…, shown instead of the shell (spec part 1 point 2). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const isUsable = useLiveQuery(() => isResetTokenUsable(appDb(), token, new Date()), [token]);
  const [isDone, setIsDone] = useState(false);
  const submit = async (password: string, confirmation: string) => {
    const result = await completePasswordReset(appDb(), token, password, confirmation, new Date());
    if (!result.ok) return MESSAGES[result.code];
    setIsDone(true);
    toast.show(fr.password.changed);
    setTimeout(() => void navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return null;
  };
  return (
    <div className="login-page">
      <main className="login-card">
        <p className="brand">{fr.app.name}</p>
        <h1>{fr.reset.title}</h1>
        {isUsable === false && !isDone ? (
          <>
            <p role="alert" className="form-error">
              {fr.password.invalidLink}
            </p>
            <Link to="/login">{fr.reset.backToLogin}</Link>
          </>
        ) : isDone ? (
          <p role="status" className="form-success">
            {fr.reset.done}
          </p>
        ) : (
          <NewPasswordForm onSubmit={submit} isDisabled={isUsable !== true} />
        )}
      </main>
    </div>
  );
}
